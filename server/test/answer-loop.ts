import { expect } from 'vitest';
import type { ChatInput, ChatTurnResponse } from '../../contract/chat.ts';
import type { BlockSpec } from './chat-fixtures.ts';
import { postJson } from './child-server.ts';

/**
 * Respondents answering round and round while a test kills, backs up or balances the server: what
 * each answers is distinct, so an answer lost or stored twice shows in the database afterwards.
 */

/** A question and 'Weiter?' back to it, for as long as the test runs. */
export const LOOP: BlockSpec[] = [
  { id: 'text', type: 'open_text', context: 'Was gibt es Neues?' },
  { id: 'again', type: 'single_choice', context: 'Weiter?', options: ['ja'], jump_to_ids: ['text'] },
];

/** Respondent who's n-th answer to the input asked. */
export const answerFor = (input: ChatInput, who: number, n: number) =>
  input.type === 'number'
    ? String(who * 100_000 + n)
    : input.type === 'single_choice'
      ? 'ja'
      : `r${who}-${n}`;

/** The body of /api/chat/answer for the input a respondent is asked now. */
export const answerBody = (surveyId: string, input: ChatInput, answer: string) => ({
  survey_id: surveyId,
  unique_question_id: input.unique_question_id,
  turn: input.turn,
  answer,
});

export interface LoopRespondent {
  token: string;
  /** What the respondent is asked now. */
  input: ChatInput;
  /** The answers the server acknowledged, in order. */
  acknowledged: string[];
}

/** Respondents registered and started on a server process over HTTP. */
export function startRespondents(base: string, surveyId: string, count: number): Promise<LoopRespondent[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const reg = await postJson(base, '/api/register_live', { survey_id: surveyId });
      const token = reg.body.token_live as string;
      const start = await postJson(base, '/api/chat/start', { survey_id: surveyId }, token);
      expect(start.status).toBe(200);
      return { token, input: (start.body as unknown as ChatTurnResponse).input!, acknowledged: [] };
    }),
  );
}
