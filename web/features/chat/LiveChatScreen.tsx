import { useEffect, useMemo, useState } from 'react';
import { linkHiddenValues } from '../../../contract/hidden-values.ts';
import { matchRoute } from '../../../contract/routes.ts';
import { liveApi } from '../../api/live-client.ts';
import { ChatView } from '../../chat-kit/ChatView.tsx';
import styles from '../../chat-kit/chat.module.css';
import { chatLook, lookStyle } from '../../chat-kit/chat-look.ts';
import { ChatHeaderBar, LiveActions, LiveBar } from '../../chat-kit/live-bar/LiveActions.tsx';
import { usePhoneWidth } from '../../chat-kit/phone-width.ts';
import { ConsentPanel } from '../../chat-kit/respondent/ConsentPanel.tsx';
import { InactiveNotice } from '../../chat-kit/respondent/InactiveNotice.tsx';
import { WithdrawButton } from '../../chat-kit/respondent/WithdrawButton.tsx';
import { DEFAULT_ADDRESS, respondentTexts } from '../../chat-kit/respondent-texts.ts';
import { liveChatSource } from '../../chat-kit/session/chat-sources.ts';
import { useChatSession } from '../../chat-kit/session/use-chat-session.ts';
import { useDialogLook } from '../../chat-kit/use-dialog-look.ts';
import { applyRouteMeta } from '../../route-meta.ts';
import { useLiveAuthStore } from '../../state/live-auth.ts';
import { useLiveShellActions, withdrawConsent } from './live-actions.ts';

/**
 * The public live chat (/dialog/{id}, /assess_live/{id}) and the widget (/widget/{id}): consent first,
 * then the respondent's chat on the live token. The widget has no top bar, so it carries the actions in
 * the chat's header; so does a phone (one header: the page leaves its top bar out, showsTopBar), which
 * shows the bar itself only before the chat (consent, the ended dialog's notice: no restart or cancel).
 */
export function LiveChatScreen({ surveyId, widget = false }: { surveyId: string; widget?: boolean }) {
  const look = useDialogLook(liveApi, surveyId);
  const accepted = useLiveAuthStore((s) => s.storage_accepted);
  const ready = look.status === 'ready' ? look.data : null;
  const texts = respondentTexts(ready?.language, ready?.address);
  const chat = useMemo(() => chatLook(ready?.config), [ready]);
  useLiveShellActions(surveyId, ready?.language ?? '', ready?.address ?? DEFAULT_ADDRESS);
  // A new source (consent given, another dialog) opens the chat anew; an inactive dialog opens none.
  const playable = ready !== null && accepted && ready.config.active !== false;
  const source = useMemo(
    () => (playable ? liveChatSource(surveyId, linkHiddenValues(window.location.search)) : null),
    [playable, surveyId],
  );
  const session = useChatSession(source, chat.speed, texts);
  // Consent given or withdrawn on this page: its button is gone, so focus moves on to what replaces it.
  const [changed, setChanged] = useState<'given' | 'withdrawn' | null>(null);
  // The server put the dialog's name into the first page's title (server/http/page-head.ts); the app's
  // route meta replaced it with the default, so it comes back once get_config has answered.
  const surveyName = widget ? '' : (ready?.config.survey_name.trim() ?? '');
  useEffect(() => {
    if (surveyName !== '') applyRouteMeta({ ...matchRoute(window.location.pathname), title: surveyName });
  }, [surveyName]);
  // The page speaks the dialog's language (screen readers, hyphenation), as the exit and privacy pages.
  const language = ready?.language;
  useEffect(() => {
    if (language) document.documentElement.lang = language;
  }, [language]);
  useWidgetEscape(widget ? surveyId : null);
  const phone = usePhoneWidth() && !widget;
  const phoneBar = phone ? <LiveBar surveyId={surveyId} texts={texts} /> : null;

  if (look.status === 'loading') {
    return <p className={styles.center}>{texts.loading}</p>;
  }
  if (look.status !== 'ready') {
    return (
      <div className={styles.center} role="alert">
        <p>{look.status === 'notFound' ? texts.notFound : texts.loadFailed}</p>
        {look.status === 'failed' ? (
          <button type="button" className={styles.primary} onClick={look.retry}>
            {texts.retry}
          </button>
        ) : null}
      </div>
    );
  }
  // An inactive dialog (the public config says so): said once, before any consent or registration.
  if (ready?.config.active === false) {
    return (
      <>
        {phoneBar}
        <InactiveNotice look={chat} texts={texts} />
      </>
    );
  }
  if (!accepted) {
    return (
      <div className={styles.chat} style={lookStyle(chat)}>
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
      look={chat}
      texts={texts}
      remember
      followRedirect
      actions={
        widget ? (
          <LiveActions surveyId={surveyId} texts={texts} />
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

/** What the chat in the widget's iframe tells the embedding page (web/public/widget.js listens). */
const WIDGET_CLOSE_MESSAGE = 'dialogwerk:close';

/**
 * Escape in the widget's chat closes the embed panel: key presses in the iframe never reach the
 * embedding page, so the chat tells it. Not when something in the chat used the key itself (a popup,
 * the information menu).
 */
function useWidgetEscape(surveyId: string | null) {
  useEffect(() => {
    if (surveyId === null || window.parent === window) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]')) return;
      // Nothing secret in it, and the embedding page's origin is not known: any origin may read it.
      window.parent.postMessage({ type: WIDGET_CLOSE_MESSAGE, surveyId }, '*');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [surveyId]);
}
