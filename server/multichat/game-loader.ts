import { z } from 'zod';
import { parseTrigger, type TriggerTimeout } from '../../contract/triggers.ts';
import { inactive, notRegistered } from '../chat/errors.ts';
import type { ChatOwner } from '../chat/queries.ts';
import { readSession, type Session } from '../chat/session-state.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { MANAGER_NOT_FOUND } from '../managers/errors.ts';
import { findManager, triggersOf } from '../managers/queries.ts';
import { authorizeDialog } from '../sharing/permissions.ts';
import { liveVersion, sessionVersion, workingVersion } from '../versions/cache.ts';
import { NO_DIALOGS } from './errors.ts';
import { currentManagerSession, dialogSessions, gameSurveys } from './queries.ts';
import type { Game, GameDialog, GameState, GameTrigger } from './rules.ts';

/** Reads a game and the caller's session of it, as a turn of the game needs them (service.ts). */

type Db = AppContext['db'];

const gameStateSchema = z.object({
  active: z.number().int().nullable(),
  done: z.array(z.string()),
  waiting: z.number().int().nullable(),
  deadline: z.number().optional(),
  finished: z.boolean(),
});

/** A state this version cannot read counts as no session: the game starts anew instead of failing. */
function readGameState(text: string): GameState | undefined {
  try {
    const parsed = gameStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface LoadedGame {
  db: Db;
  owner: ChatOwner;
  managerId: number;
  game: Game;
  /** The caller's current manager session, if any, with its dialogs' sessions by dialog. */
  session: { id: number; state: GameState; dialogs: Map<number, Session> } | undefined;
  now: number;
}

/** A trigger's timeout whose dialog is connected; none otherwise (the wait then has no end). */
function timeoutOf(timeout: TriggerTimeout | undefined, byPublicId: ReadonlyMap<string, number>) {
  const surveyId = timeout && byPublicId.get(timeout.survey_id);
  if (!timeout || surveyId === undefined) return {};
  return { timeout: { seconds: timeout.seconds, target: { surveyId, block: timeout.question_id } } };
}

/** The game's triggers whose both ends are connected dialogs; others are left out. */
async function gameTriggers(db: Db, managerId: number, dialogs: readonly GameDialog[]) {
  const byPublicId = new Map(dialogs.map((d) => [d.dialog.survey_id, d.id]));
  const triggers: GameTrigger[] = [];
  for (const row of await triggersOf(db, managerId)) {
    const parsed = parseTrigger(row.trigger);
    const target = parsed.ok ? byPublicId.get(parsed.trigger.survey_id) : undefined;
    if (!parsed.ok || target === undefined || !byPublicId.has(row.survey_id)) continue;
    triggers.push({
      id: row.id,
      type: parsed.trigger.type,
      surveyId: row.internal_id,
      block: row.unique_question_id,
      target: { surveyId: target, block: parsed.trigger.question_id },
      init: row.init_survey === 1,
      ...timeoutOf(parsed.trigger.timeout, byPublicId),
    });
  }
  return triggers;
}

/**
 * The game and the caller's session, read through db. check: the caller's rights (live: every dialog
 * active and registered; author: 'test' on every dialog); the inbound trigger call has none to check.
 */
export async function loadGame(
  ctx: AppContext,
  db: Db,
  owner: ChatOwner,
  managerId: number,
  check: boolean,
): Promise<LoadedGame> {
  if (!(await findManager(db, managerId))) throw notFound(MANAGER_NOT_FOUND);
  const rows = await gameSurveys(db, managerId, owner.mode === 'live' ? owner.participantId : null);
  if (rows.length === 0) throw notFound(NO_DIALOGS);
  if (check && owner.mode === 'live') {
    if (rows.some((r) => !r.active)) throw inactive();
    if (rows.some((r) => r.registered === null)) throw notRegistered();
  } else if (check && owner.mode === 'test') {
    for (const row of rows) await authorizeDialog({ ...ctx, db }, owner.userId, row.survey_id, 'test');
  }
  const current = await currentManagerSession(db, managerId, owner);
  const state = current && readGameState(current.state);
  let session: LoadedGame['session'];
  const versionIds = new Map<number, number | null>();
  if (current && state) {
    const sessions = new Map<number, Session>();
    for (const row of await dialogSessions(db, current.id)) {
      const read = readSession(row.id, row.state);
      if (!read) continue;
      sessions.set(row.survey_id, read);
      versionIds.set(row.survey_id, row.version_id);
    }
    session = { id: current.id, state, dialogs: sessions };
  }
  // Each dialog plays the version its session started on; a dialog not reached yet the one a new chat
  // gets (a player's on the live version, an author's test on the working copy).
  const dialogs: GameDialog[] = [];
  for (const row of rows) {
    const version = versionIds.has(row.id)
      ? await sessionVersion(ctx, db, row, versionIds.get(row.id) ?? null)
      : owner.mode === 'live'
        ? await liveVersion(ctx, db, row)
        : await workingVersion(ctx, db, row, owner.userId);
    dialogs.push({ id: row.id, dialog: version.dialog, version });
  }
  const game: Game = { dialogs, triggers: await gameTriggers(db, managerId, dialogs) };
  return { db, owner, managerId, game, session, now: ctx.now() };
}
