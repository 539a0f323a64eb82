import { liveApi } from '../../api/live-client.ts';
import { forgetRespondent } from '../../chat-kit/respondent/forget-respondent.ts';
import { hasLiveToken } from '../../chat-kit/session/chat-sources.ts';
import { carriedOut } from '../../chat-kit/session/server-action.ts';
import { type MultichatApi, multichatApi } from './game-api.ts';

/**
 * Restart: a fresh game on the server, then cleared() (the local copies) and a reload. A failure other
 * than "nothing left on the server" is shown in the error dialog and changes nothing.
 */
export async function restartGame(
  api: MultichatApi,
  cleared: () => void,
  reload = () => window.location.reload(),
): Promise<void> {
  if (!(await carriedOut(api.restart))) return;
  cleared();
  reload();
}

/**
 * Consent withdrawn in a game: the player's data in every dialog of the game is deleted on the server (as
 * withdrawing in a dialog's chat does), then everything here is forgotten.
 */
export async function withdrawFromGame(managerId: number): Promise<void> {
  if (hasLiveToken() && !(await carriedOut(multichatApi(liveApi, managerId).deletePlayer))) return;
  forgetRespondent();
}
