import type { TestApp } from './app.ts';
import { blockId } from './chat-fixtures.ts';

/**
 * Respondents of the Analyse tests, written straight into the tables with exact timestamps, the way the
 * chat stores them: per block the bot's message when it was shown and, when answered, the respondent's
 * message and the answers rows (inserted after the messages, as the chat does, so the wait_ms trigger
 * sees them), and the session's last_block.
 */

export interface Step {
  /** Spec id of the block. */
  block: string;
  shown: number;
  answered?: number;
  /** Values of kind 'answer' (several for multiple choice); value_num for Likert, number and date. */
  values?: (string | { value: string; num?: number | null; branch?: string | null; confidence?: number })[];
  followup?: { asked: number; answered?: number; value?: string };
}

export interface RespondentSpec {
  mode: 'live' | 'test';
  started: number;
  finished?: number;
  steps: Step[];
}

export async function insertRespondent(
  t: TestApp,
  dialog: { id: number; surveyId: string; ownerId: number },
  spec: RespondentSpec,
): Promise<number> {
  const db = t.database.db;
  const participant =
    spec.mode === 'live'
      ? (
          await db
            .insertInto('participants')
            .values({ username_live: `p_${Math.random().toString(36).slice(2)}`, created_at: spec.started })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      : null;
  const session = await db
    .insertInto('chat_sessions')
    .values({
      survey_id: dialog.id,
      participant_id: participant,
      user_id: spec.mode === 'test' ? dialog.ownerId : null,
      mode: spec.mode,
      state: '{}',
      started_at: spec.started,
      updated_at: spec.finished ?? spec.started,
      finished_at: spec.finished ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let seq = 0;
  let lastBlock: string | null = null;
  const message = (by: 'bot' | 'user', id: string, context: string, at: number) => {
    lastBlock = id;
    return db
      .insertInto('chat_messages')
      .values({
        session_id: session.id,
        seq: seq++,
        user_or_bot: by,
        type: by === 'bot' ? 'question' : 'answer_response',
        context,
        unique_question_id: id,
        created_on: at,
        mode: spec.mode,
      })
      .execute();
  };
  for (const step of spec.steps) {
    const id = blockId(step.block, dialog.surveyId);
    await message('bot', id, 'Frage', step.shown);
    if (step.answered === undefined) continue;
    const values = (step.values ?? []).map((v) => (typeof v === 'string' ? { value: v } : v));
    await message('user', id, values.map((v) => v.value).join(', '), step.answered);
    for (const v of values) {
      await db
        .insertInto('answers')
        .values({
          session_id: session.id,
          survey_id: dialog.id,
          unique_question_id: id,
          kind: 'answer',
          value: v.value,
          value_num: v.num ?? null,
          branch: v.branch ?? null,
          confidence: v.confidence ?? null,
          created_on: step.answered,
          mode: spec.mode,
        })
        .execute();
    }
    if (step.followup) {
      await message('bot', id, 'Warum?', step.followup.asked);
      if (step.followup.answered !== undefined) {
        await message('user', id, step.followup.value ?? '', step.followup.answered);
        await db
          .insertInto('answers')
          .values({
            session_id: session.id,
            survey_id: dialog.id,
            unique_question_id: id,
            kind: 'nachfrage',
            value: step.followup.value ?? '',
            created_on: step.followup.answered,
            mode: spec.mode,
          })
          .execute();
      }
    }
  }
  // As the chat's writeTurn keeps it.
  await db.updateTable('chat_sessions').set({ last_block: lastBlock }).where('id', '=', session.id).execute();
  return session.id;
}
