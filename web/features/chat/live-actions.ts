import { liveApi } from '../../api/live-client.ts';
import { forgetRespondent } from '../../chat-kit/respondent/forget-respondent.ts';
import { type Address, deletedExitVar } from '../../chat-kit/respondent-texts.ts';
import { chatApi } from '../../chat-kit/session/chat-api.ts';
import { hasLiveToken } from '../../chat-kit/session/chat-sources.ts';
import { clearHistory } from '../../chat-kit/session/history-store.ts';
import { carriedOut } from '../../chat-kit/session/server-action.ts';
import { navigateTo } from '../../navigation.ts';
import { useDialogStore } from '../../state/dialog.ts';
import { rememberExitAddress } from './exit-address.ts';

/**
 * What the respondent top bar's restart and cancel do (SPEC §4), and withdrawing consent. A failure
 * other than "nothing left on the server" is shown in the error dialog and changes nothing locally.
 */
async function call(surveyId: string, action: 'restart' | 'delete'): Promise<boolean> {
  return !hasLiveToken() || carriedOut(() => chatApi(liveApi, surveyId).restartDelete(action, true));
}

/** Restart: a fresh chat on the server, the stored history cleared, the page reloaded. */
export async function restartLiveChat(
  surveyId: string,
  reload = () => window.location.reload(),
): Promise<void> {
  if (!(await call(surveyId, 'restart'))) return;
  clearHistory(surveyId);
  reload();
}

/**
 * Consent withdrawn in a dialog's chat: the respondent's answers there are deleted on the server (as
 * cancel does; without credentials they could not be deleted later), then everything here is forgotten
 * and the chat asks for consent again.
 */
export async function withdrawConsent(surveyId: string): Promise<void> {
  if (!(await call(surveyId, 'delete'))) return;
  forgetRespondent();
}

/**
 * Cancel: the respondent's answers deleted on the server, live auth data cleared, the exit page (which
 * speaks in the dialog's language, from its name, and form of address, remembered here).
 */
export async function deleteLiveData(surveyId: string, language: string, address: Address): Promise<void> {
  if (!(await call(surveyId, 'delete'))) return;
  forgetRespondent();
  useDialogStore.getState().clear();
  rememberExitAddress(address);
  navigateTo(`/exit/${deletedExitVar(language)}`);
}
