import { type ReactNode, useMemo, useState } from 'react';
import { linkHiddenValues } from '../../../contract/hidden-values.ts';
import { ChatView } from '../../chat-kit/ChatView.tsx';
import styles from '../../chat-kit/chat.module.css';
import { type ChatLook, lookStyle } from '../../chat-kit/chat-look.ts';
import { ChatHeaderBar, HeaderActions } from '../../chat-kit/live-bar/HeaderActions.tsx';
import { ConsentPanel } from '../../chat-kit/respondent/ConsentPanel.tsx';
import { InactiveNotice } from '../../chat-kit/respondent/InactiveNotice.tsx';
import { WithdrawButton } from '../../chat-kit/respondent/WithdrawButton.tsx';
import type { RespondentTexts } from '../../chat-kit/respondent-texts.ts';
// With the chat's chunk (fetched beside get_config), so a dialog in English or with 'du' waits for no
// further chunk once its look has loaded (useDialogLook loads them).
import '../../chat-kit/respondent-texts-more.ts';
import { liveChatSource } from '../../chat-kit/session/chat-sources.ts';
import { useChatSession } from '../../chat-kit/session/use-chat-session.ts';
import type { DialogLook } from '../../chat-kit/use-dialog-look.ts';
import { useLiveAuthStore } from '../../state/live-auth.ts';
import { withdrawConsent } from './live-actions.ts';

export interface LiveChatProps {
  surveyId: string;
  widget: boolean;
  /** The dialog's config and language, loaded (the screen shows loading and load failures itself). */
  ready: DialogLook;
  look: ChatLook;
  texts: RespondentTexts;
  /** A phone's top bar, shown only before the chat (consent, the ended dialog's notice). */
  phoneBar: ReactNode;
  phone: boolean;
}

/**
 * The live chat once its dialog is loaded: the ended dialog's notice, the consent, then the respondent's
 * chat on the live token. A chunk of its own (LiveChatScreen fetches it beside the dialog's config), so
 * the first paint of /dialog/{id} does not wait for the chat engine (issue 23's budget).
 */
export function LiveChat({ surveyId, widget, ready, look, texts, phoneBar, phone }: LiveChatProps) {
  const accepted = useLiveAuthStore((s) => s.storage_accepted);
  // A new source (consent given, another dialog) opens the chat anew; an inactive dialog opens none.
  const playable = accepted && ready.config.active !== false;
  const source = useMemo(
    () => (playable ? liveChatSource(surveyId, linkHiddenValues(window.location.search)) : null),
    [playable, surveyId],
  );
  const session = useChatSession(source, look.speed, texts);
  // Consent given or withdrawn on this page: its button is gone, so focus moves on to what replaces it.
  const [changed, setChanged] = useState<'given' | 'withdrawn' | null>(null);

  // An inactive dialog (the public config says so): said once, before any consent or registration.
  if (ready.config.active === false) {
    return (
      <>
        {phoneBar}
        <InactiveNotice look={look} texts={texts} />
      </>
    );
  }
  if (!accepted) {
    return (
      <div className={styles.chat} style={lookStyle(look)}>
        {phoneBar}
        <ConsentPanel
          surveyId={surveyId}
          texts={texts}
          onAccept={() => {
            setChanged('given');
            useLiveAuthStore.getState().setStorageAccepted(true);
          }}
          focusOnMount={changed === 'withdrawn'}
        />
      </div>
    );
  }
  return (
    <ChatView
      session={session}
      look={look}
      texts={texts}
      remember
      followRedirect
      actions={
        widget ? (
          <HeaderActions surveyId={surveyId} texts={texts} />
        ) : phone ? (
          <ChatHeaderBar surveyId={surveyId} texts={texts} />
        ) : undefined
      }
      footer={
        <WithdrawButton
          texts={texts}
          onConfirm={() => {
            setChanged('withdrawn');
            void withdrawConsent(surveyId);
          }}
        />
      }
      focusFirstInput={changed === 'given'}
    />
  );
}
