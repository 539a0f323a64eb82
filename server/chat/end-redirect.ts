import { type EndRedirect, fillRedirect } from '../../contract/end-redirect.ts';
import type { ChatState, PreparedDialog } from './engine/types.ts';

/**
 * Where a finished chat sends the respondent (issue 22): the redirect of the end block it ended at, else
 * the dialog's; null when neither has one, or the chat goes on.
 */
export function endRedirect(
  dialog: PreparedDialog,
  state: ChatState,
  hidden: Readonly<Record<string, string>>,
): EndRedirect | null {
  if (state.status !== 'finished') return null;
  const block = state.end === undefined ? undefined : dialog.byId.get(state.end);
  const own =
    block?.type === 'end' && block.redirect_url !== ''
      ? { url: block.redirect_url, delay: block.redirect_delay }
      : undefined;
  const target = own ?? dialog.end_redirect;
  if (!target || target.url === '') return null;
  // The link's values win over answer variables of the same name: the panel's id is the one it sent.
  return { url: fillRedirect(target.url, { ...state.vars, ...hidden }), delay_s: target.delay };
}
