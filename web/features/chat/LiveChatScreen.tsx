import { useEffect, useMemo } from 'react';
import { matchRoute } from '../../../contract/routes.ts';
import { liveApi } from '../../api/live-client.ts';

import { chatLook } from '../../chat-kit/chat-look.ts';
import { LiveBar } from '../../chat-kit/live-bar/LiveActions.tsx';
import { usePhoneWidth } from '../../chat-kit/phone-width.ts';
import { DEFAULT_ADDRESS, respondentTexts } from '../../chat-kit/respondent-texts.ts';
import styles from '../../chat-kit/status.module.css';
import { useDialogLook } from '../../chat-kit/use-dialog-look.ts';
import { lazyChunk, useChunk } from '../../lib/chunk.ts';
import { applyRouteMeta } from '../../route-meta.ts';
import { useLiveShellActions } from './use-live-shell-actions.ts';

/**
 * The chat itself (consent, session, messages, inputs) is a chunk of its own, requested on the first
 * render right after the dialog's config (get_config): it arrives beside it, which the chat needs before
 * it renders anyway, so the first paint does not wait for it (issue 23's budget).
 */
const liveChat = lazyChunk(() => import('./LiveChat.tsx'));

/**
 * The public live chat (/dialog/{id}, /assess_live/{id}) and the widget (/widget/{id}): consent first,
 * then the respondent's chat on the live token. The widget has no top bar, so it carries the actions in
 * the chat's header; so does a phone (one header: the page leaves its top bar out, showsTopBar), which
 * shows the bar itself only before the chat (consent, the ended dialog's notice: no restart or cancel).
 */
export function LiveChatScreen({ surveyId, widget = false }: { surveyId: string; widget?: boolean }) {
  const look = useDialogLook(liveApi, surveyId);
  const ready = look.status === 'ready' ? look.data : null;
  const texts = respondentTexts(ready?.language, ready?.address);
  const chat = useMemo(() => chatLook(ready?.config), [ready]);
  useLiveShellActions(surveyId, ready?.language ?? '', ready?.address ?? DEFAULT_ADDRESS);
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
  // After useDialogLook: its effect sends get_config first, then this one requests the chat's chunk.
  const chunk = useChunk(liveChat);
  const loading = <p className={styles.center}>{texts.loading}</p>;

  if (look.status === 'loading') return loading;
  if (look.status !== 'ready' || chunk === 'failed') {
    // A chunk that did not load comes only with a new page; get_config is simply asked again.
    const retry = look.status === 'ready' ? () => window.location.reload() : look.retry;
    return (
      <div className={styles.center} role="alert">
        <p>{look.status === 'notFound' ? texts.notFound : texts.loadFailed}</p>
        {look.status !== 'notFound' ? (
          <button type="button" className={styles.primary} onClick={retry}>
            {texts.retry}
          </button>
        ) : null}
      </div>
    );
  }
  // Still loading while the chat's chunk is on its way (rarely: it was requested before get_config).
  if (chunk === null) return loading;
  return (
    <chunk.LiveChat
      surveyId={surveyId}
      widget={widget}
      ready={look.data}
      look={chat}
      texts={texts}
      phoneBar={phone ? <LiveBar surveyId={surveyId} texts={texts} /> : null}
      phone={phone}
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
