import { render } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { ChatView } from './ChatView.tsx';
import { chatLook } from './chat-look.ts';
import { respondentTexts } from './respondent-texts.ts';
import type { ChatSession } from './session/chat-types.ts';

/** ChatView as the chat tests render it: the default look, German texts, nothing remembered, unless given. */
export function renderChat(session: ChatSession, props: Partial<ComponentProps<typeof ChatView>> = {}) {
  return render(
    <ChatView
      session={session}
      look={chatLook(null)}
      texts={respondentTexts('de')}
      remember={false}
      {...props}
    />,
  );
}
