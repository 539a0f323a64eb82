import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SurveySummaryResponse } from '../../contract/analytics.ts';
import { bearer, createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { call } from '../test/dialogs.ts';

/**
 * Optional questions through the real app and database: respondents skip or answer an optional e-mail
 * question in the live chat; Analyse counts the skips apart from answers and drop-offs, an answer
 * filter selects the sessions that skipped, and the export leaves the skipped cell empty.
 */

let t: TestApp;
let token: string;
let sid: string;
let mail: string;

/** One respondent: the e-mail question skipped (or answered), then the choice. */
async function respond(answer: string | null, choice: string) {
  const live = (await registerLive(t, sid)).token_live;
  const first = await chatOk(t, live, '/api/chat/start', { survey_id: sid });
  expect(first.input).toMatchObject({ unique_question_id: mail, skip: 'Nein danke' });
  const base = { survey_id: sid, unique_question_id: mail, turn: first.input!.turn };
  const next = await chatOk(
    t,
    live,
    '/api/chat/answer',
    answer === null ? { ...base, answer: '', skip: true } : { ...base, answer },
  );
  const last = await chatOk(t, live, '/api/chat/answer', {
    survey_id: sid,
    unique_question_id: next.input!.unique_question_id,
    turn: next.input!.turn,
    answer: choice,
  });
  expect(last.finished).toBe(true);
}

beforeAll(async () => {
  t = await createTestApp();
  const author = await createAuthor(t);
  token = (await loginAs(t, author.username, author.password)).token;
  const dialog = await createChatDialog(
    t,
    [
      {
        id: 'mail',
        type: 'email',
        context: 'Wenn Sie an der Verlosung teilnehmen möchten, nennen Sie Ihre E-Mail.',
        short_name: 'E-Mail',
        optional: 1,
        skip_label: 'Nein danke',
      },
      { id: 'ok', type: 'single_choice', short_name: 'Zufrieden', options: ['Ja', 'Nein'] },
    ],
    { ownerId: author.id },
  );
  sid = dialog.surveyId;
  mail = blockId('mail', sid);
  await respond(null, 'Ja');
  await respond(null, 'Nein');
  await respond('anna@beispiel.de', 'Ja');
});
afterAll(() => t.close());

const summary = async (filters: object = {}): Promise<SurveySummaryResponse> => {
  const res = await call(t, token, '/api/analytics/summary', { survey_id: sid, filters });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('skipped optional questions', () => {
  it('counts skips apart from answers and from drop-offs', async () => {
    const s = await summary();
    const block = s.blocks.find((b) => b.unique_question_id === mail)!;
    expect(block).toMatchObject({ reached: 3, answered: 1, skipped: 2, left: 0 });
    expect(block.result).toMatchObject({ kind: 'text', respondents: 1 });
    expect(s.headline).toMatchObject({ started: 3, finished: 3 });
  });

  it('selects the sessions that skipped with an answer filter', async () => {
    const s = await summary({ answer_equals: [{ unique_question_id: mail, value: '', skipped: true }] });
    expect(s.headline.started).toBe(2);
    const choice = s.blocks.find((b) => b.unique_question_id === blockId('ok', sid))!;
    expect(choice.result).toMatchObject({
      kind: 'choice',
      options: [
        expect.objectContaining({ label: 'Ja', count: 1 }),
        expect.objectContaining({ label: 'Nein', count: 1 }),
      ],
    });
  });

  it('refuses a filter whose skipped is no boolean with 400 naming the field', async () => {
    const res = await call(t, token, '/api/analytics/summary', {
      survey_id: sid,
      filters: { answer_equals: [{ unique_question_id: mail, value: '', skipped: 'ja' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('skipped');
  });

  it('leaves the skipped cell of the export empty', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/excel_export',
      payload: { survey_id: sid, format: 'csv', filters: {} },
      headers: bearer(token),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines[0]!.split(';');
    const mailColumn = header.indexOf('E-Mail');
    const choiceColumn = header.indexOf('Zufrieden');
    expect(mailColumn).toBeGreaterThan(-1);
    const cells = lines.slice(1).map((l) => l.split(';'));
    expect(cells.map((c) => [c[mailColumn], c[choiceColumn]])).toEqual([
      ['', 'Ja'],
      ['', 'Nein'],
      ['anna@beispiel.de', 'Ja'],
    ]);
  });
});
