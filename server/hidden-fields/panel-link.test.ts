import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { hiddenFieldMissing } from '../../contract/hidden-values.ts';
import { bearer, createTestApp, type TestApp } from '../test/app.ts';
import { chatCall, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { authorSession, call, type Session } from '../test/dialogs.ts';

/**
 * A panel study's link through the real app (issue 22): the hidden fields a link carries are stored with
 * the session, piped into the texts, kept by a restart, and come back as Analyse filters and as export
 * columns.
 */

let t: TestApp;
let owner: Session;
let dialog: { id: number; surveyId: string };

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_WORKER: '0' });
  owner = await authorSession(t);
  dialog = await createChatDialog(
    t,
    [
      { id: 'hello', type: 'message', context: 'Willkommen, Teilnehmer {{pid}} aus {{src}}!' },
      { id: 'sc', type: 'single_choice', context: 'Kaffee oder Tee?', options: ['Kaffee', 'Tee'] },
    ],
    { ownerId: owner.id },
  );
  const set = await call(t, owner.token, '/api/set_hidden_fields', {
    survey_id: dialog.surveyId,
    fields: [
      { name: 'pid', required: true },
      { name: 'src', required: false },
    ],
  });
  expect(set.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

/** A respondent who opens the link with `hidden` and answers the choice. */
async function respondent(hidden: Record<string, string>, choice: string) {
  const { token_live: token } = await registerLive(t, dialog.surveyId);
  const started = await chatOk(t, token, '/api/chat/start', { survey_id: dialog.surveyId, hidden });
  const input = started.input!;
  await chatOk(t, token, '/api/chat/answer', {
    survey_id: dialog.surveyId,
    unique_question_id: input.unique_question_id,
    turn: input.turn,
    answer: choice,
  });
  return { token, started };
}

const summary = (filters: object) =>
  call(t, owner.token, '/api/analytics/summary', { survey_id: dialog.surveyId, filters });

const exportOf = (format: 'csv' | 'xlsx', filters: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/excel_export',
    payload: { survey_id: dialog.surveyId, format, filters },
    headers: bearer(owner.token),
  });

describe('a panel link', () => {
  let first: Awaited<ReturnType<typeof respondent>>;

  beforeAll(async () => {
    first = await respondent({ pid: 'P-123', src: 'panel', utm: 'ignored' }, 'Kaffee');
    await respondent({ pid: 'Ä 7', src: 'mail' }, 'Tee');
  });

  it('pipes the values into the texts and never shows the parameters themselves', () => {
    const texts = first.started.messages.map((m) => m.context);
    expect(texts).toContain('Willkommen, Teilnehmer P-123 aus panel!');
    expect(texts.join(' ')).not.toContain('ignored');
  });

  it('resumes and restarts with the values the chat started with', async () => {
    const history = await chatOk(t, first.token, '/api/chat/history', { survey_id: dialog.surveyId });
    expect(history.messages.map((m) => m.context)).toContain('Willkommen, Teilnehmer P-123 aus panel!');
    const restart = await chatCall(t, first.token, '/api/restart_delete', {
      survey_id: dialog.surveyId,
      action: 'restart',
      live: true,
    });
    expect(restart.statusCode).toBe(200);
    // A start without parameters (a reload of the page without them) keeps the restarted chat's.
    const again = await chatOk(t, first.token, '/api/chat/start', { survey_id: dialog.surveyId });
    expect(again.messages.map((m) => m.context)).toContain('Willkommen, Teilnehmer P-123 aus panel!');
    const rows = await t.database.db
      .selectFrom('chat_sessions')
      .select('hidden_fields')
      .where('survey_id', '=', dialog.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => JSON.parse(r.hidden_fields ?? 'null'))).toEqual([
      { pid: 'P-123', src: 'panel' },
      { pid: 'Ä 7', src: 'mail' },
      { pid: 'P-123', src: 'panel' },
    ]);
  });

  it('refuses a start without the required field with a text for the respondent', async () => {
    const { token_live: token } = await registerLive(t, dialog.surveyId);
    const res = await chatCall(t, token, '/api/chat/start', {
      survey_id: dialog.surveyId,
      hidden: { src: 'panel' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: ERROR_TITLES.hiddenFields, msg: hiddenFieldMissing('pid') });
  });

  it('filters Analyse by a hidden field value', async () => {
    const all = await summary({});
    expect(all.statusCode).toBe(200);
    expect(all.json().headline.started).toBe(3);
    const panel = await summary({ hidden_equals: [{ name: 'src', value: 'panel' }] });
    expect(panel.json().headline).toMatchObject({ started: 2, finished: 1 });
    const umlaut = await summary({ hidden_equals: [{ name: 'pid', value: 'Ä 7' }] });
    expect(umlaut.json().headline.started).toBe(1);
    // Exact: neither a part of a value nor another case matches.
    const part = await summary({ hidden_equals: [{ name: 'pid', value: 'P-12' }] });
    expect(part.json().headline.started).toBe(0);
    const upper = await summary({ hidden_equals: [{ name: 'src', value: 'PANEL' }] });
    expect(upper.json().headline.started).toBe(0);
  });

  it('refuses a hidden field filter that no link could carry, naming it', async () => {
    const quote = await summary({ hidden_equals: [{ name: 'pid', value: 'a"b' }] });
    expect(quote.statusCode).toBe(400);
    expect(quote.body).toContain('hidden_equals');
    const name = await summary({ hidden_equals: [{ name: '1x', value: 'a' }] });
    expect(name.statusCode).toBe(400);
  });

  it('exports one column per declared field, in csv and xlsx', async () => {
    const csv = await exportOf('csv');
    expect(csv.statusCode, csv.body.slice(0, 200)).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines[0]!.split(';');
    expect(header.slice(5, 8)).toEqual(['pid', 'src', expect.stringContaining('Kaffee oder Tee')]);
    const rows = lines.slice(1).map((l) => l.split(';'));
    expect(rows.map((r) => [r[5], r[6], r[7]])).toEqual([
      ['P-123', 'panel', 'Kaffee'],
      ['Ä 7', 'mail', 'Tee'],
      ['P-123', 'panel', ''],
    ]);
    const xlsx = await exportOf('xlsx', { hidden_equals: [{ name: 'src', value: 'mail' }] });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Antworten')!;
    expect((sheet.getRow(1).values as unknown[]).slice(6, 8)).toEqual(['pid', 'src']);
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(6, 9)).toEqual(['Ä 7', 'mail', 'Tee']);
  });
});
