import { CHAT_AND_SHARING_CALLS } from './dialog-calls/chat-sharing.ts';
import { CONFIGURATOR_CALLS } from './dialog-calls/configurator.ts';
import { GAME_ANALYTICS_VERSION_CALLS } from './dialog-calls/games-analytics-versions.ts';
import { TRAINING_CALLS } from './dialog-calls/training.ts';
import type { DialogCall } from './dialog-calls/types.ts';

/**
 * The registry of every author call that takes a survey_id (or, later, a dialog_manager_id), with what
 * its guard asks of the caller's role. server/sharing/permission-matrix.test.ts calls each one as every
 * kind of caller. A new call on a dialog gets a row here; that is all the matrix needs.
 */

export { CALLERS, type Caller, type DialogCall, type DialogFixture } from './dialog-calls/types.ts';

/** Every call, in the order of the issues that brought them. */
export const DIALOG_CALLS: DialogCall[] = [
  ...CONFIGURATOR_CALLS,
  ...CHAT_AND_SHARING_CALLS,
  ...TRAINING_CALLS,
  ...GAME_ANALYTICS_VERSION_CALLS,
];
