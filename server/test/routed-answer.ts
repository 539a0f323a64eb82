import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { blockId, chatCall, chatOk } from './chat-fixtures.ts';

/** The routing stored with the newest answer of this text to the dialog (answers.branch, confidence, routing_source, routing_reason). */
export const storedAnswer = (t: TestApp, sid: string, value: string) =>
  t.database.db
    .selectFrom('answers')
    .innerJoin('surveys', 'surveys.id', 'answers.survey_id')
    .select(['answers.branch', 'answers.confidence', 'answers.routing_source', 'answers.routing_reason'])
    .where('surveys.survey_id', '=', sid)
    .where('answers.value', '=', value)
    .orderBy('answers.id', 'desc')
    .executeTakeFirstOrThrow();

/** A fresh test chat of the author answering block 'q' with the text; the answer turn's response. */
export async function answerFresh(t: TestApp, token: string, sid: string, text: string) {
  await chatOk(t, token, '/api/restart_delete', { survey_id: sid, action: 'restart', live: false });
  const start = await chatOk(t, token, '/api/chat/start', { survey_id: sid });
  const res = await chatCall(t, token, '/api/chat/answer', {
    survey_id: sid,
    unique_question_id: blockId('q', sid),
    turn: start.input!.turn,
    answer: text,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
