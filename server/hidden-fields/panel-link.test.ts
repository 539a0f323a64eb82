import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { hiddenFieldMissing } from '../../contract/hidden-values.ts';
import { bearer, createTestApp, type TestApp } from '../test/app.ts';
import { blockId, chatCall, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { csvRows } from '../test/csv.ts';
import { authorSession, call, type Session, setField } from '../test/dialogs.ts';

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
  await declare(dialog.surveyId, { pid: true, src: false });
});
afterAll(async () => {
  await t?.close();
});

/** Declares a dialog's hidden fields: name → required. */
async function declare(surveyId: string, fields: Record<string, boolean>) {
  const res = await call(t, owner.token, '/api/set_hidden_fields', {
    survey_id: surveyId,
    fields: Object.entries(fields).map(([name, required]) => ({ name, required })),
  });
  expect(res.statusCode).toBe(200);
}

/** A respondent who opens the link with `hidden` and answers the first question. */
async function respondent(
  hidden: Record<string, string>,
  answer: string | number,
  surveyId = dialog.surveyId,
) {
  const { token_live: token } = await registerLive(t, surveyId);
  const started = await chatOk(t, token, '/api/chat/start', { survey_id: surveyId, hidden });
  const input = started.input!;
  const last = await chatOk(t, token, '/api/chat/answer', {
    survey_id: surveyId,
    unique_question_id: input.unique_question_id,
    turn: input.turn,
    answer,
  });
  return { token, started, last };
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
    // A start without parameters (a reload of the page without them) keeps the restarted chat's, which
    // the restart took over (the export below shows them stored with it).
    const again = await chatOk(t, first.token, '/api/chat/start', { survey_id: dialog.surveyId });
    expect(again.messages.map((m) => m.context)).toContain('Willkommen, Teilnehmer P-123 aus panel!');
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
    const [header, ...rows] = csvRows(csv.body);
    // After the fixed columns (the last one 'Version': the dialog's version each chat ran on).
    expect(header!.slice(5, 9)).toEqual([
      'Version',
      'pid',
      'src',
      expect.stringContaining('Kaffee oder Tee'),
    ]);
    expect(rows.map((r) => [r[6], r[7], r[8]])).toEqual([
      ['P-123', 'panel', 'Kaffee'],
      ['Ä 7', 'mail', 'Tee'],
      ['P-123', 'panel', ''],
    ]);
    const xlsx = await exportOf('xlsx', { hidden_equals: [{ name: 'src', value: 'mail' }] });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Antworten')!;
    expect((sheet.getRow(1).values as unknown[]).slice(7, 9)).toEqual(['pid', 'src']);
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(7, 10)).toEqual(['Ä 7', 'mail', 'Tee']);
  });
});

/**
 * End redirects: the end block's address, else the dialog's, with the link's hidden fields and the
 * answers' variables filled in URL-encoded, on the finishing turn and on every later history; only
 * http(s) addresses are taken.
 */
describe('end redirects', () => {
  let ends: { id: number; surveyId: string };

  beforeAll(async () => {
    ends = await createChatDialog(
      t,
      [
        {
          id: 'sc',
          type: 'single_choice',
          context: 'Passt das?',
          options: ['ja', 'nein'],
          jump_to_ids: ['done', null],
          variable: 'antwort',
        },
        { id: 'sorry', type: 'message', context: 'Schade.', jump_to_question: 'END' },
        {
          id: 'done',
          type: 'end',
          context: 'Danke!',
          redirect_url: 'https://panel.example/complete?id={{pid}}&a={{antwort}}&x={{unbekannt}}',
          redirect_delay: 3,
        },
      ],
      {
        ownerId: owner.id,
        settings: { end_redirect_url: 'https://panel.example/screenout/{{pid}}', end_redirect_delay: 0 },
      },
    );
    await declare(ends.surveyId, { pid: true });
  });

  it("an end block's address, filled URL-encoded, after its last message", async () => {
    const { token, started, last } = await respondent({ pid: 'A+B 1/2' }, 'ja', ends.surveyId);
    expect(started.redirect).toBeUndefined();
    expect(last.finished).toBe(true);
    // The end block's own text closes the chat (the dialog's Abschluss is then not sent).
    expect(last.messages.at(-1)?.type).toBe('end');
    expect(last.redirect).toEqual({
      url: 'https://panel.example/complete?id=A%2BB%201%2F2&a=ja&x=',
      delay_s: 3,
    });
    // A reload of the finished chat gets it again.
    const history = await chatOk(t, token, '/api/chat/history', { survey_id: ends.surveyId });
    expect(history.redirect).toEqual(last.redirect);
  });

  it("the dialog's address for an end without its own", async () => {
    const { last } = await respondent({ pid: 'Zoë' }, 'nein', ends.surveyId);
    expect(last.redirect).toEqual({ url: 'https://panel.example/screenout/Zo%C3%AB', delay_s: 0 });
  });

  it('the link value wins over an answer variable of the same name', async () => {
    const other = await createChatDialog(
      t,
      [{ id: 'q', type: 'number', context: 'Zahl?', variable: 'pid' }],
      { ownerId: owner.id, settings: { end_redirect_url: 'https://p.example/?id={{pid}}' } },
    );
    await declare(other.surveyId, { pid: false });
    const { last } = await respondent({ pid: 'echt' }, 7, other.surveyId);
    expect(last.redirect?.url).toBe('https://p.example/?id=echt');
  });

  it('takes only http(s) addresses, naming the field', async () => {
    const id = blockId('done', ends.surveyId);
    for (const bad of ['javascript:alert(1)', 'ftp://panel.example/x', 'https://{{pid}}.example/', 'hallo']) {
      const res = await setField(t, owner.token, ends.surveyId, id, 'redirect_url', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('redirect_url');
    }
    const delay = await setField(t, owner.token, ends.surveyId, id, 'redirect_delay', 600);
    expect(delay.statusCode).toBe(400);
    const ok = await setField(
      t,
      owner.token,
      ends.surveyId,
      id,
      'redirect_url',
      'http://127.0.0.1/x?{{pid}}',
    );
    expect(ok.statusCode).toBe(200);
    const settings = await call(t, owner.token, '/api/update_survey_settings', {
      survey_id: ends.surveyId,
      action: 'config',
      changed_values: { end_redirect_url: 'data:text/html,hi' },
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.body).toContain('end_redirect_url');
  });
});
