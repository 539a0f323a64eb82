import { eraseRespondent } from '../chat/delete-participant.ts';
import { notRegistered } from '../chat/errors.ts';
import { isRegisteredAnywhere } from '../chat/queries.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { MANAGER_NOT_FOUND } from '../managers/errors.ts';
import { findManager } from '../managers/queries.ts';
import { deleteManagerSessions, gameSurveys, managerSessionIds } from './queries.ts';

/**
 * Inside the player's turn: their data in every dialog of the game and the game's sessions deleted.
 * Returns the deleted manager sessions (their waiters are to be woken). Credentials of dialogs outside
 * the game answer live_not_registered and end nothing.
 */
export async function deleteGamePlayer(
  db: AppContext['db'],
  managerId: number,
  participantId: number,
  now: () => number,
): Promise<number[]> {
  if (!(await findManager(db, managerId))) throw notFound(MANAGER_NOT_FOUND);
  const registered = (await gameSurveys(db, managerId, participantId)).filter((r) => r.registered !== null);
  const sessions = await managerSessionIds(db, managerId, participantId);
  if (registered.length === 0 && sessions.length === 0) {
    if (await isRegisteredAnywhere(db, participantId)) throw notRegistered();
    return [];
  }
  for (const row of registered) await eraseRespondent(db, participantId, row.id, now());
  await deleteManagerSessions(db, sessions);
  return sessions;
}
