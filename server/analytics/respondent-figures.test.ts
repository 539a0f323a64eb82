import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BlockSummary,
  CrosstabResponse,
  RespondentsResponse,
  SurveySummaryResponse,
} from '../../contract/analytics.ts';
import { MULTIPLE_CHOICE_CROSSTAB } from '../../contract/test-data.ts';
import { insertRespondent, type RespondentSpec } from '../test/analytics-data.ts';
import { bearer, createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { type BlockSpec, blockId, createChatDialog } from '../test/chat-fixtures.ts';
import { call } from '../test/dialogs.ts';
import { SECONDS_FORMAT, STAT_FORMAT, TENTHS_FORMAT } from './export/summary-sheet.ts';

/**
 * A QA run's findings, through the real app: five live respondents (and one test chat) of a dialog with
 * a whole-number block, a multiple choice and texts with {{variables}}. Every figure below is computed
 * by hand from the answers in beforeAll.
 */

const SPECS: BlockSpec[] = [
  { id: 'name', type: 'open_text', context: 'Wie heißen Sie?', variable: 'name' },
  { id: 'dank', type: 'message', context: 'Danke, {{name}}! Schön, dass Sie da sind.' },
  { id: 'km', type: 'number', context: 'Wie viele Kilometer fahren Sie, {{name}}?', integer: 1 },
  {
    id: 'mc',
    type: 'multiple_choice',
    short_name: 'Verkehrsmittel',
    options: ['Bus', 'Bahn', 'Rad'],
  },
  { id: 'sc', type: 'single_choice', short_name: 'Zufrieden', options: ['ja', 'nein'] },
];

const T0 = Date.UTC(2026, 10, 2, 8, 0, 0);
const HOUR = 3_600_000;
const MIN = 60_000;

let t: TestApp;
let token: string;
let dialog: { id: number; surveyId: string; ownerId: number };
const S: Record<string, number> = {};
const q = (spec: string) => blockId(spec, dialog.surveyId);

/** A respondent who starts at `at`, answers the number and, if given, both choices, a minute apart. */
function spec(
  at: number,
  km: number,
  choices?: { mc: string[]; sc: string },
  mode: 'live' | 'test' = 'live',
) {
  const steps: RespondentSpec['steps'] = [
    { block: 'km', shown: at + 1000, answered: at + MIN, values: [{ value: String(km), num: km }] },
  ];
  if (choices) {
    steps.push(
      { block: 'mc', shown: at + MIN, answered: at + 2 * MIN, values: choices.mc },
      { block: 'sc', shown: at + 2 * MIN, answered: at + 3 * MIN, values: [choices.sc] },
    );
  }
  return { mode, started: at, ...(choices ? { finished: at + 4 * MIN } : {}), steps } as RespondentSpec;
}

beforeAll(async () => {
  t = await createTestApp();
  const author = await createAuthor(t);
  token = (await loginAs(t, author.username, author.password)).token;
  dialog = await createChatDialog(t, SPECS, { ownerId: author.id });
  // Inserted (so numbered by id) in another order than they started: r3 first (T0), r2 and r4 at the
  // same time (T0 + 1 h, r2 the lower id), r1 (T0 + 3 h), r5 (T0 + 4 h); the test chat at T0 + 30 min.
  S.r1 = await insertRespondent(t, dialog, spec(T0 + 3 * HOUR, 45, { mc: ['Bus', 'Bahn'], sc: 'ja' }));
  S.r2 = await insertRespondent(t, dialog, spec(T0 + HOUR, 2500, { mc: ['Bahn'], sc: 'ja' }));
  S.test = await insertRespondent(t, dialog, spec(T0 + 30 * MIN, 7, { mc: ['Bus'], sc: 'ja' }, 'test'));
  S.r3 = await insertRespondent(t, dialog, spec(T0, 290, { mc: ['Bus', 'Rad'], sc: 'nein' }));
  S.r4 = await insertRespondent(t, dialog, spec(T0 + HOUR, 291, { mc: ['Rad'], sc: 'nein' }));
  // Leaves after the number.
  S.r5 = await insertRespondent(t, dialog, spec(T0 + 4 * HOUR, 1000));
});
afterAll(() => t.close());

async function summary(): Promise<SurveySummaryResponse> {
  const res = await call(t, token, '/api/analytics/summary', { survey_id: dialog.surveyId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const block = (s: SurveySummaryResponse, id: string): BlockSummary =>
  s.blocks.find((b) => b.unique_question_id === q(id))!;

describe('a whole-number block: bins of whole numbers', () => {
  it('45 to 2500: ten bins of 246 numbers each, both bounds included, the last ending at max', async () => {
    const r = block(await summary(), 'km').result;
    if (r.kind !== 'number') throw new Error(r.kind);
    // 45, 290, 291, 1000, 2500: 2456 whole numbers from 45 to 2500, 246 a bin (2456 / 10 rounded up).
    expect([r.respondents, r.min, r.max, r.median, r.mean]).toEqual([5, 45, 2500, 291, 4126 / 5]);
    expect(r.histogram).toEqual([
      { from: 45, to: 290, count: 2 },
      { from: 291, to: 536, count: 1 },
      { from: 537, to: 782, count: 0 },
      { from: 783, to: 1028, count: 1 },
      { from: 1029, to: 1274, count: 0 },
      { from: 1275, to: 1520, count: 0 },
      { from: 1521, to: 1766, count: 0 },
      { from: 1767, to: 2012, count: 0 },
      { from: 2013, to: 2258, count: 0 },
      { from: 2259, to: 2500, count: 1 },
    ]);
  });
});

describe('block titles with variables', () => {
  it('the summary names a block by its text with [variable] for each {{variable}}', async () => {
    const s = await summary();
    expect(block(s, 'dank').label).toBe('Danke, [name]! Schön, dass Sie da sind.');
    expect(block(s, 'km').label).toBe('Wie viele Kilometer fahren Sie, [name]?');
    expect(JSON.stringify(s.blocks.map((b) => b.label))).not.toContain('{{');
  });
});

describe('cross-tabulation with a multiple choice: totals count people', () => {
  const crosstab = async (row: string, column: string, filters = {}) => {
    const res = await call(t, token, '/api/analytics/crosstab', {
      survey_id: dialog.surveyId,
      row_question_id: q(row),
      column_question_id: q(column),
      filters,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CrosstabResponse;
  };

  it('multiple choice as columns: six mentions, four people; each row and column total in people', async () => {
    // ja: r1 (Bus, Bahn), r2 (Bahn); nein: r3 (Bus, Rad), r4 (Rad); r5 answered neither.
    expect(await crosstab('sc', 'mc')).toEqual(MULTIPLE_CHOICE_CROSSTAB);
  });

  it('multiple choice as rows: the column totals are people too', async () => {
    expect(await crosstab('mc', 'sc')).toEqual({
      rows: ['Bus', 'Bahn', 'Rad'],
      columns: ['ja', 'nein'],
      counts: [
        [1, 1],
        [2, 0],
        [0, 2],
      ],
      row_totals: [2, 2, 2],
      // Each column's cells add up to 3 (mentions); 2 people each.
      column_totals: [2, 2],
      total: 4,
    });
  });

  it('with the test chat too (mode all): it adds one person to ja, Bus and the total', async () => {
    const all = await crosstab('sc', 'mc', { mode: 'all' });
    expect([all.row_totals, all.column_totals, all.total]).toEqual([[3, 2], [3, 2, 2], 5]);
  });
});

describe('respondents: a running number per dialog, by start', () => {
  const list = async (body: object = {}) => {
    const res = await call(t, token, '/api/analytics/respondents', { survey_id: dialog.surveyId, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RespondentsResponse;
  };
  const pairs = (r: RespondentsResponse) => r.rows.map((row) => [row.session_id, row.number]);

  it('1 to 5 by start (equal starts by id), newest first, whatever the session ids', async () => {
    expect(pairs(await list())).toEqual([
      [S.r5, 5],
      [S.r1, 4],
      [S.r4, 3],
      [S.r2, 2],
      [S.r3, 1],
    ]);
  });

  it('the same numbers on a later page and with a filter; test chats are counted apart', async () => {
    expect(pairs(await list({ page: 1, page_size: 2 }))).toEqual([
      [S.r4, 3],
      [S.r2, 2],
    ]);
    expect(pairs(await list({ filters: { finished_only: true } }))).toEqual([
      [S.r1, 4],
      [S.r4, 3],
      [S.r2, 2],
      [S.r3, 1],
    ]);
    expect(pairs(await list({ filters: { mode: 'all' } }))).toEqual([
      [S.r5, 5],
      [S.r1, 4],
      [S.r4, 3],
      [S.r2, 2],
      [S.test, 1],
      [S.r3, 1],
    ]);
  });

  it('the transcript has the number; the calls still take the session id', async () => {
    const res = await call(t, token, '/api/analytics/transcript', {
      survey_id: dialog.surveyId,
      session_id: S.r4,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().respondent).toMatchObject({ session_id: S.r4, number: 3 });
  });
});

describe('the export', () => {
  async function workbook() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/excel_export',
      payload: { survey_id: dialog.surveyId },
      headers: bearer(token),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return book;
  }
  const valuesOf = (sheet: ExcelJS.Worksheet) =>
    Array.from(sheet.getSheetValues().slice(1), (r) => (r ? (r as unknown[]).slice(1) : []));

  it('names blocks as the screen does, [variable] for {{variable}}, in both sheets', async () => {
    const book = await workbook();
    const answers = valuesOf(book.getWorksheet('Antworten')!);
    expect(answers[0]).toEqual([
      'Nr.',
      'Modus',
      'Beginn',
      'Ende',
      'Dauer (s)',
      'Version',
      'name',
      'Wie viele Kilometer fahren Sie, [name]?',
      'Verkehrsmittel',
      'Verkehrsmittel: Bus',
      'Verkehrsmittel: Bahn',
      'Verkehrsmittel: Rad',
      'Zufrieden',
    ]);
    const lines = valuesOf(book.getWorksheet('Zusammenfassung')!);
    expect(lines).toContainEqual(['Danke, [name]! Schön, dass Sie da sind.', 'Nachricht']);
    expect(lines).toContainEqual(['Wie viele Kilometer fahren Sie, [name]?', 'Zahl']);
    expect(JSON.stringify([answers[0], lines])).not.toContain('{{');
  });

  it('summary: whole-number bins; computed figures are numbers with a number format', async () => {
    const book = await workbook();
    const sheet = book.getWorksheet('Zusammenfassung')!;
    const lines = valuesOf(sheet);
    const start = lines.findIndex((l) => l[0] === 'von');
    expect(lines.slice(start, start + 3)).toEqual([
      ['von', 'bis', 'Anzahl'],
      [45, 290, 2],
      [291, 536, 1],
    ]);
    expect(lines[start + 10]).toEqual([2259, 2500, 1]);
    const cell = (label: string) => sheet.getRow(lines.findIndex((l) => l[0] === label) + 1).getCell(2);
    // 4126 / 5 = 825.2 (two decimals at most), shown as 825.20.
    expect(cell('Mittelwert').value).toBe(825.2);
    expect(cell('Mittelwert').numFmt).toBe(STAT_FORMAT);
    // Four of five finished: 80 %; each took 4 minutes.
    expect([cell('Abschlussquote (%)').value, cell('Abschlussquote (%)').numFmt]).toEqual([
      80,
      TENTHS_FORMAT,
    ]);
    expect([cell('Dauer Median (s)').value, cell('Dauer Median (s)').numFmt]).toEqual([240, SECONDS_FORMAT]);
    // Shares per option: Bus 2 of 4 people.
    const bus = lines.findIndex((l) => l[0] === 'Bus');
    expect(lines[bus]).toEqual(['Bus', 2, 50]);
    expect(sheet.getRow(bus + 1).getCell(3).numFmt).toBe(TENTHS_FORMAT);
  });
});
