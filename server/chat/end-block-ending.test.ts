import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { authorSession, call, type Session } from '../test/dialogs.ts';

/**
 * An end block's own text and the dialog's Abschluss through the real app: by default the end block's
 * text is the last word; the setting ending_after_end_block sends the Abschluss after it as well.
 */

let t: TestApp;
let owner: Session;
let surveyId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await authorSession(t);
  ({ surveyId } = await createChatDialog(
    t,
    [
      { id: 'q', type: 'single_choice', context: 'Weiter?', options: ['ja'] },
      { id: 'e', type: 'end', context: 'Das war es schon.' },
    ],
    { ownerId: owner.id, settings: { ending: 'Vielen Dank und auf Wiedersehen!' } },
  ));
});
afterAll(async () => {
  await t?.close();
});

/** A respondent's chat to its end: the texts of the last turn's messages. */
async function lastTexts(): Promise<string[]> {
  const { token_live: token } = await registerLive(t, surveyId);
  const started = await chatOk(t, token, '/api/chat/start', { survey_id: surveyId });
  const input = started.input!;
  const last = await chatOk(t, token, '/api/chat/answer', {
    survey_id: surveyId,
    unique_question_id: input.unique_question_id,
    turn: input.turn,
    answer: 'ja',
  });
  expect(last.finished).toBe(true);
  return last.messages.filter((m) => m.user_or_bot === 'bot').map((m) => m.context);
}

describe('end block and Abschluss', () => {
  it("sends the end block's text alone, or both when the author chose that", async () => {
    expect(await lastTexts()).toEqual(['Das war es schon.']);

    const saved = await call(t, owner.token, '/api/update_survey_settings', {
      survey_id: surveyId,
      action: 'config',
      changed_values: { ending_after_end_block: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.ending_after_end_block).toBe(true);
    expect(await lastTexts()).toEqual(['Das war es schon.', 'Vielen Dank und auf Wiedersehen!']);
  });

  it('refuses a setting that is not true or false, naming the field', async () => {
    const res = await call(t, owner.token, '/api/update_survey_settings', {
      survey_id: surveyId,
      action: 'config',
      changed_values: { ending_after_end_block: 'ja' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('ending_after_end_block');
  });
});
