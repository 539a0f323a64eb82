import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SurveySummaryResponse } from '../../contract/analytics.ts';
import { insertRespondent, type RespondentSpec } from '../test/analytics-data.ts';
import { bearer, createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { type BlockSpec, createChatDialog } from '../test/chat-fixtures.ts';
import { call } from '../test/dialogs.ts';
import { GAME_HEADERS } from './export/columns.ts';
import { SECONDS_FORMAT, STAT_FORMAT } from './export/summary-sheet.ts';
import { RunningNumbers } from './running-numbers.ts';

/**
 * The QA findings on Analyse, through the real app: the respondents' answer count (blocks, not answers
 * rows), bin bounds and statistics as they are shown and exported, and a game's export that links one
 * player's rows across its dialogs' sheets.
 */

const CASE: BlockSpec[] = [
  { id: 'mc', type: 'multiple_choice', short_name: 'Spuren', options: ['Messer', 'Brief', 'Schuh'] },
  { id: 'lk', type: 'likert', short_name: 'Verdacht', options: ['1', '2', '3', '4', '5'] },
  { id: 'nr', type: 'number', short_name: 'Uhrzeit', nachfrage: 'Warum?' },
];
const VERDICT: BlockSpec[] = [
  { id: 'sc', type: 'single_choice', short_name: 'Täter', options: ['Koch', 'Gärtner'] },
];
const GAME = 'Auf der Flucht – Demo-Krimi';
const T0 = Date.UTC(2026, 2, 3, 9, 0, 0);
const MIN = 60_000;

let t: TestApp;
let token: string;
let caseDialog: { id: number; surveyId: string; ownerId: number };
let verdict: { id: number; surveyId: string; ownerId: number };
let managerId: number;
/** Chat sessions by name: a1..a3 in the case dialog, b1, b3 and the author's test in the verdict. */
const S: Record<string, number> = {};

/** Three steps answered a minute apart from `at`: multiple choice, Likert score, number. */
function caseSpec(
  at: number,
  picks: string[],
  score: number,
  hour: number,
  followup?: string,
): RespondentSpec {
  return {
    mode: 'live',
    started: at,
    finished: at + 10 * MIN,
    steps: [
      { block: 'mc', shown: at + 1000, answered: at + MIN, values: picks },
      {
        block: 'lk',
        shown: at + MIN,
        answered: at + 2 * MIN,
        values: [{ value: String(score), num: score }],
      },
      {
        block: 'nr',
        shown: at + 2 * MIN,
        answered: at + 3 * MIN,
        values: [{ value: String(hour), num: hour }],
        ...(followup ? { followup: { asked: at + 3 * MIN, answered: at + 4 * MIN, value: followup } } : {}),
      },
    ],
  };
}

async function playerOf(sessionId: number) {
  const row = await t.database.db
    .selectFrom('chat_sessions')
    .select('participant_id')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return row.participant_id;
}

/** A manager session (one play of the game) that owns the given chat sessions, played by `player`. */
async function play(owner: { participant: number } | { user: number }, sessions: number[]) {
  const db = t.database.db;
  const participant = 'participant' in owner ? owner.participant : null;
  const user = 'user' in owner ? owner.user : null;
  const { id } = await db
    .insertInto('manager_sessions')
    .values({
      dialog_manager_id: managerId,
      participant_id: participant,
      user_id: user,
      mode: participant === null ? 'test' : 'live',
      state: '{}',
      started_at: T0,
      updated_at: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('chat_sessions')
    .set({ manager_session_id: id, participant_id: participant, user_id: user })
    .where('id', 'in', sessions)
    .execute();
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const author = await createAuthor(t);
  token = (await loginAs(t, author.username, author.password)).token;
  caseDialog = await createChatDialog(t, CASE, { ownerId: author.id });
  verdict = await createChatDialog(t, VERDICT, { ownerId: author.id });
  // Two options ticked, one ticked, one ticked: three blocks answered each; two answer a follow-up.
  S.a1 = await insertRespondent(t, caseDialog, caseSpec(T0, ['Messer', 'Brief'], 1, 0, 'Licht aus'));
  S.a2 = await insertRespondent(t, caseDialog, caseSpec(T0 + 20 * MIN, ['Schuh'], 2, 1, 'Zeuge'));
  S.a3 = await insertRespondent(t, caseDialog, caseSpec(T0 + 40 * MIN, ['Brief'], 4, 4));
  const verdictSpec = (at: number, value: string): RespondentSpec => ({
    mode: 'live',
    started: at,
    finished: at + MIN,
    steps: [{ block: 'sc', shown: at + 1000, answered: at + 2000, values: [value] }],
  });
  S.b1 = await insertRespondent(t, verdict, verdictSpec(T0 + 15 * MIN, 'Koch'));
  S.b3 = await insertRespondent(t, verdict, verdictSpec(T0 + 55 * MIN, 'Gärtner'));
  S.test = await insertRespondent(t, verdict, { ...verdictSpec(T0 + 60 * MIN, 'Koch'), mode: 'test' });

  const db = t.database.db;
  managerId = (
    await db
      .insertInto('dialog_managers')
      .values({ name: GAME, game_title: 'Flucht', created_at: T0, updated_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('manager_surveys')
    .values([
      { dialog_manager_id: managerId, survey_id: caseDialog.id, ord: 1 },
      { dialog_manager_id: managerId, survey_id: verdict.id, ord: 2 },
    ])
    .execute();
  const p1 = (await playerOf(S.a1))!;
  const p2 = (await playerOf(S.a2))!;
  const p3 = (await playerOf(S.a3))!;
  S.p1 = p1;
  S.p2 = p2;
  S.p3 = p3;
  S.m1 = await play({ participant: p1 }, [S.a1, S.b1]);
  S.m2 = await play({ participant: p2 }, [S.a2]);
  S.m3 = await play({ participant: p3 }, [S.a3, S.b3]);
  S.mTest = await play({ user: author.id }, [S.test]);
});
afterAll(() => t.close());

const exportCall = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/excel_export', payload: body, headers: bearer(token) });

async function workbookOf(body: object) {
  const res = await exportCall(body);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { res, workbook };
}

/** A sheet's rows as value lists (cell 1 first), holes as empty lists. */
const valuesOf = (sheet: ExcelJS.Worksheet) =>
  Array.from(sheet.getSheetValues().slice(1), (r) => (r ? (r as unknown[]).slice(1) : []));

describe('respondents: the answer count is the blocks answered', () => {
  it('a multiple choice with two options ticked counts once, follow-ups not at all', async () => {
    const res = await call(t, token, '/api/analytics/respondents', { survey_id: caseDialog.surveyId });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as { session_id: number; answers: number }[];
    // Newest first: a3 (one option), a2 (one option, a follow-up), a1 (two options, a follow-up).
    expect(rows.map((r) => [r.session_id, r.answers])).toEqual([
      [S.a3, 3],
      [S.a2, 3],
      [S.a1, 3],
    ]);
    const transcript = await call(t, token, '/api/analytics/transcript', {
      survey_id: caseDialog.surveyId,
      session_id: S.a1,
    });
    expect(transcript.json().respondent.answers).toBe(3);
  });
});

describe('numbers without float noise', () => {
  it('summary: histogram bounds are the decimals the values have, one more at most', async () => {
    const res = await call(t, token, '/api/analytics/summary', { survey_id: caseDialog.surveyId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SurveySummaryResponse;
    const nr = body.blocks.find((b) => b.label === 'Uhrzeit')!.result;
    if (nr.kind !== 'number') throw new Error(`number block expected, got ${nr.kind}`);
    // 0 to 4 in tenths: min + 3 * 0.4 would be 1.2000000000000002.
    const bounds = [0, 0.4, 0.8, 1.2, 1.6, 2, 2.4, 2.8, 3.2, 3.6, 4];
    expect(nr.histogram.map((b) => b.from)).toEqual(bounds.slice(0, 10));
    expect(nr.histogram.map((b) => b.to)).toEqual(bounds.slice(1));
    expect(nr.histogram.map((b) => b.count)).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 0, 1]);
    expect(JSON.stringify(nr.histogram)).not.toMatch(/\d\.\d*0000|\d\.\d*9999/);
  });

  it('xlsx summary: von/bis as in the summary, statistics rounded to two decimals, durations to whole seconds', async () => {
    const { workbook } = await workbookOf({ survey_id: caseDialog.surveyId });
    const sheet = workbook.getWorksheet('Zusammenfassung')!;
    const lines = valuesOf(sheet);
    const start = lines.findIndex((l) => l[0] === 'von');
    expect(lines[start]).toEqual(['von', 'bis', 'Anzahl']);
    expect(lines.slice(start + 1, start + 4)).toEqual([
      [0, 0.4, 1],
      [0.4, 0.8, 0],
      [0.8, 1.2, 1],
    ]);
    expect(lines[start + 10]).toEqual([3.6, 4, 1]);

    const cellOf = (label: string, from = 0) => {
      const i = lines.findIndex((l, k) => k >= from && l[0] === label);
      expect(i, label).toBeGreaterThanOrEqual(0);
      return { cell: sheet.getRow(i + 1).getCell(2), line: i };
    };
    // Likert scores 1, 2, 4: mean 7/3, sample standard deviation sqrt(7/3).
    const likert = lines.findIndex((l) => l[0] === 'Verdacht');
    const mean = cellOf('Mittelwert', likert);
    const sd = cellOf('Standardabweichung', likert);
    // Stored as a reader needs them (summary-sheet.ts): 2.33 and 1.53, not 2.3333333333333335.
    expect(mean.cell.value).toBe(2.33);
    expect(sd.cell.value).toBe(1.53);
    expect(mean.cell.numFmt).toBe(STAT_FORMAT);
    expect(sd.cell.numFmt).toBe(STAT_FORMAT);
    // The number block's mean too; its median and bounds are values answered and keep the general format.
    const numberMean = cellOf('Mittelwert', sd.line + 1);
    expect(numberMean.cell.value).toBe(1.67);
    expect(numberMean.cell.numFmt).toBe(STAT_FORMAT);
    expect(cellOf('Median', numberMean.line).cell.numFmt).not.toBe(STAT_FORMAT);
    // Durations in whole seconds, like the respondents' sheet.
    for (const label of ['Dauer Median (s)', 'Dauer Mittelwert (s)', 'Zeit Median (s)']) {
      const { cell } = cellOf(label);
      expect(Number.isInteger(cell.value), label).toBe(true);
      expect(cell.numFmt, label).toBe(SECONDS_FORMAT);
    }
  });
});

describe("a game's export", () => {
  it("every dialog's sheet has the player and the play beside the session", async () => {
    const { res, workbook } = await workbookOf({ dialog_manager_id: managerId, filters: { mode: 'all' } });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Auf der Flucht - Demo-Krimi.xlsx"; ` +
        `filename*=UTF-8''Auf%20der%20Flucht%20%E2%80%93%20Demo-Krimi.xlsx`,
    );
    const first = valuesOf(workbook.getWorksheet('Antworten 1')!);
    const second = valuesOf(workbook.getWorksheet('Antworten 2')!);
    expect(GAME_HEADERS).toEqual(['Spieler', 'Spiel']);
    expect(first[0]!.slice(0, 4)).toEqual(['Nr.', 'Spieler', 'Spiel', 'Modus']);
    expect(first[0]!.slice(6)).toEqual([
      'Dauer (s)',
      'Version',
      'Spuren',
      'Spuren: Messer',
      'Spuren: Brief',
      'Spuren: Schuh',
      'Verdacht',
      'Verdacht (Wert)',
      'Uhrzeit',
      'Uhrzeit (Nachfrage)',
    ]);
    expect(second[0]).toEqual([
      'Nr.',
      'Spieler',
      'Spiel',
      'Modus',
      'Beginn',
      'Ende',
      'Dauer (s)',
      'Version',
      'Täter',
    ]);
    expect(first.slice(1).map((r) => r.slice(0, 4))).toEqual([
      [1, S.p1, S.m1, 'live'],
      [2, S.p2, S.m2, 'live'],
      [3, S.p3, S.m3, 'live'],
    ]);
    expect(first[1]!.slice(8)).toEqual(['Messer, Brief', 1, 1, 0, '1', 1, 0, 'Licht aus']);
    // An author's test play has no participant: its player cell stays empty, its play is there.
    expect(second.slice(1).map((r) => [r[0], r[1] ?? null, r[2], r[3], r[8]])).toEqual([
      [1, S.p1, S.m1, 'live', 'Koch'],
      [2, S.p3, S.m3, 'live', 'Gärtner'],
      [1, null, S.mTest, 'test', 'Koch'],
    ]);
    // One player's rows join across the sheets by the player column.
    const verdictOf = new Map(second.slice(1).map((r) => [r[1], r[8]]));
    expect(first.slice(1).map((r) => [r[8], verdictOf.get(r[1]) ?? null])).toEqual([
      ['Messer, Brief', 'Koch'],
      ['Schuh', null],
      ['Brief', 'Gärtner'],
    ]);
    expect(workbook.getWorksheet('Zusammenfassung 2')).toBeDefined();
  });

  it("a single dialog's export has no game columns", async () => {
    const { res, workbook } = await workbookOf({ survey_id: verdict.surveyId });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Chat-Test.xlsx"; filename*=UTF-8''Chat-Test.xlsx`,
    );
    const rows = valuesOf(workbook.getWorksheet('Antworten')!);
    expect(rows[0]).toEqual(['Nr.', 'Modus', 'Beginn', 'Ende', 'Dauer (s)', 'Version', 'Täter']);
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      [1, 'live'],
      [2, 'live'],
    ]);
  });
});

describe("the export's 'Nr.' is Analyse's", () => {
  it('per mode, by start, the same after a respondent is deleted, and read page by page', async () => {
    const dialog = await createChatDialog(t, VERDICT, { ownerId: caseDialog.ownerId });
    // Live and test chats interleaved; two live chats start in the same millisecond.
    const starts: [number, 'live' | 'test'][] = [
      [0, 'live'],
      [1, 'test'],
      [2, 'live'],
      [2, 'live'],
      [3, 'test'],
      [4, 'live'],
      [5, 'live'],
      [6, 'live'],
    ];
    for (const [minute, mode] of starts) {
      const at = T0 + minute * MIN;
      await insertRespondent(t, dialog, {
        mode,
        started: at,
        steps: [{ block: 'sc', shown: at + 1000, answered: at + 2000, values: ['Koch'] }],
      });
    }
    const listed = async () => {
      const res = await call(t, token, '/api/analytics/respondents', {
        survey_id: dialog.surveyId,
        filters: { mode: 'all' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().rows as { session_id: number; number: number; mode: string }[];
      return rows.reverse().map((r) => [r.number, r.mode]);
    };
    const exported = async () => {
      const { workbook } = await workbookOf({ survey_id: dialog.surveyId, filters: { mode: 'all' } });
      return valuesOf(workbook.getWorksheet('Antworten')!)
        .slice(1)
        .map((r) => [r[0], r[1]]);
    };
    const expected = [
      [1, 'live'],
      [1, 'test'],
      [2, 'live'],
      [3, 'live'],
      [2, 'test'],
      [4, 'live'],
      [5, 'live'],
      [6, 'live'],
    ];
    expect(await listed()).toEqual(expected);
    expect(await exported()).toEqual(expected);

    // Read in pages of two, as the export reads its pages: the same numbers.
    const sessions = await t.database.db
      .selectFrom('chat_sessions')
      .select(['id', 'mode', 'started_at'])
      .where('survey_id', '=', dialog.id)
      .orderBy('started_at')
      .orderBy('id')
      .execute();
    const running = new RunningNumbers(t.ctx, dialog.id);
    const paged: number[] = [];
    for (let i = 0; i < sessions.length; i += 2) {
      const page = sessions.slice(i, i + 2);
      const numbers = await running.of(page);
      paged.push(...page.map((s) => numbers.get(s.id)!));
    }
    expect(paged).toEqual(expected.map(([n]) => n));

    // The third live chat deleted: the ones after it move up, in Analyse and in the export.
    const third = sessions.filter((s) => s.mode === 'live')[2]!;
    const res = await call(t, token, '/api/analytics/delete_respondent', {
      survey_id: dialog.surveyId,
      session_id: third.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = [
      [1, 'live'],
      [1, 'test'],
      [2, 'live'],
      [2, 'test'],
      [3, 'live'],
      [4, 'live'],
      [5, 'live'],
    ];
    expect(await listed()).toEqual(after);
    expect(await exported()).toEqual(after);
  });
});
