import { expect } from 'vitest';
import type { StatusResponse } from '../../contract/training.ts';
import type { TestApp } from './app.ts';
import { call } from './dialogs.ts';

/** Adds the examples (branch → texts) to a free-text block, trains it and waits until the training ends. */
export async function trainBlock(
  t: TestApp,
  token: string,
  surveyId: string,
  uniqueQuestionId: string,
  examples: Record<string, readonly string[]>,
): Promise<StatusResponse> {
  const ok = async (path: string, body: object) => {
    const res = await call(t, token, `/api/training/${path}`, {
      survey_id: surveyId,
      unique_question_id: uniqueQuestionId,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  for (const [branch, texts] of Object.entries(examples)) {
    for (const text of texts) await ok('add_example', { branch, text });
  }
  await ok('train', {});
  for (let i = 0; i < 600; i++) {
    const status: StatusResponse = await ok('status', {});
    if (status.status !== 'training') return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('training did not end');
}
