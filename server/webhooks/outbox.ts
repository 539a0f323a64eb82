import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '../../contract/webhooks.ts';
import type { AppContext } from '../context.ts';
import { publicSurveyId } from '../sharing/queries.ts';
import {
  participantSessionIds,
  sessionAnswers,
  sessionFacts,
  subscribedEndpoints,
} from './outbox-queries.ts';
import { answersOf, payloadOf } from './payload.ts';
import { insertDeliveries } from './queries.ts';

/**
 * The outbox: an event is written in the transaction of the turn or deletion that causes it (db is that
 * transaction), so it is sent exactly when that commits; the worker (worker.ts) sends it later. A
 * dialog without webhooks costs one indexed read, and only on a chat's first and last turn.
 */

type Db = AppContext['db'];

export const newEventId = () => `msg_${randomBytes(12).toString('base64url')}`;

async function enqueue(
  db: Db,
  surveyId: number,
  event: WebhookEvent,
  now: number,
  data: (db: Db) => Promise<Record<string, unknown>>,
) {
  const targets = (await subscribedEndpoints(db, surveyId)).filter((e) =>
    (JSON.parse(e.events) as string[]).includes(event),
  );
  if (targets.length === 0) return;
  const payload = payloadOf(event, now, await data(db));
  const eventId = newEventId();
  await insertDeliveries(
    db,
    targets.map((e) => ({ endpointId: e.id, eventId, event, payload, now })),
  );
}

/** A chat's first turn (started) and the turn that finished it, after the turn's writes. */
export async function recordChatEvents(
  db: Db,
  e: { surveyId: number; sessionId: number; started: boolean; finished: boolean; now: number },
): Promise<void> {
  const events = [
    ['chat.started', e.started],
    ['chat.finished', e.finished],
  ] as const;
  for (const [event, happened] of events) {
    if (!happened) continue;
    const finished = event === 'chat.finished';
    await enqueue(db, e.surveyId, event, e.now, async (tx) => {
      const s = await sessionFacts(tx, e.sessionId);
      // chat.finished says what chat.started says, with the end and the answers.
      return {
        survey_id: s.survey_id,
        session_id: s.id,
        mode: s.mode,
        started_at: s.started_at,
        ...(finished ? { finished_at: s.finished_at ?? e.now } : {}),
        hidden_fields: JSON.parse(s.hidden_fields ?? '{}') as Record<string, string>,
        ...(finished ? { answers: answersOf(await sessionAnswers(tx, e.sessionId)) } : {}),
      };
    });
  }
}

/**
 * A respondent's data is deleted: by the participant (their delete, consent withdrawn; their sessions
 * are read before they go) or by an author in Analyse (the session). db is the deletion's transaction.
 */
export async function recordRespondentDeleted(
  db: Db,
  e: { surveyId: number; now: number } & (
    | { by: 'respondent'; participantId: number }
    | { by: 'author'; sessionIds: readonly number[] }
  ),
): Promise<void> {
  await enqueue(db, e.surveyId, 'respondent.deleted', e.now, async (tx) => ({
    survey_id: await publicSurveyId(tx, e.surveyId),
    session_ids:
      e.by === 'author' ? e.sessionIds : await participantSessionIds(tx, e.surveyId, e.participantId),
    deleted_by: e.by,
    deleted_at: e.now,
  }));
}

/** A version was published (server/versions): new chats get it from now on. db is the publish's transaction. */
export async function recordVersionPublished(
  db: Db,
  e: { surveyId: number; number: number; note: string | null; by: number; now: number },
): Promise<void> {
  await enqueue(db, e.surveyId, 'version.published', e.now, async (tx) => ({
    survey_id: await publicSurveyId(tx, e.surveyId),
    number: e.number,
    note: e.note,
    published_at: e.now,
    published_by: e.by,
  }));
}
