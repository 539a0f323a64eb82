import type { AnalyticsFilters } from '../../../contract/analytics.ts';
import type { AppContext } from '../../context.ts';
import { parseHiddenValues } from '../../hidden-fields/service.ts';
import { answersOfSessions, filteredSessionIds, sessionsByIds } from '../queries/export.ts';
import { RunningNumbers } from '../running-numbers.ts';
import { columnKey, type DialogColumns, NO_BRANCH } from './columns.ts';
import type { CsvValue } from './csv.ts';

/** A session's duration in whole seconds: milliseconds ('35,227 s') tell a reader nothing. */
export const durationSeconds = (started: number, finished: number | null) =>
  finished === null ? null : Math.round((finished - started) / 1000);

/**
 * Sessions per page: the export holds one page of sessions and their answers at a time. Small, since a
 * page lives while it is written, and what outlives two of the young generation's collections stays in
 * the old one until a full collection: pages of 500 rows piled up about 90 MB of them in an export of
 * 100,000 rows (bench/analytics.ts). A page costs only lookups by id (filteredSessionIds).
 */
export const EXPORT_PAGE = 100;

export interface RespondentRow {
  fixed: [number, string, number, number | null, number | null, number | null];
  /** With `game` only: the player (participant) and the play (manager session). */
  game: [participant: number | null, managerSession: number | null] | null;
  /** The hidden fields' values (DialogColumns.hidden), then one cell per column. */
  cells: CsvValue[];
}

/**
 * The cells of a page's sessions from their answers, each row the hidden fields' cells (left empty
 * here) then the columns'. A function of its own so that the answers (the page's largest part) are
 * garbage once it returns: kept while the page is written, they would outlive the young generation.
 */
async function answerCells(
  ctx: Pick<AppContext, 'db'>,
  sessions: readonly { id: number }[],
  hidden: number,
  columns: DialogColumns['columns'],
  index: ReadonlyMap<string, number>,
  optionColumns: ReadonlyMap<number, number[]>,
) {
  const answers = await answersOfSessions(
    ctx.db,
    sessions.map((s) => s.id),
  );
  const width = hidden + columns.length;
  const cells = new Map(sessions.map((s) => [s.id, new Array<CsvValue>(width).fill(null)]));
  for (const a of answers) {
    // A skipped question leaves its cells empty: it has no answer.
    if (a.kind === 'skip') continue;
    const followup = a.kind === 'nachfrage';
    const c = index.get(columnKey(a.unique_question_id, { kind: followup ? 'followup' : 'answer' }));
    const row = cells.get(a.session_id);
    if (c === undefined || !row) continue;
    const i = hidden + c;
    const column = columns[c]!;
    const value: CsvValue =
      column.block.kind === 'number' && a.value_num !== null ? Number(a.value_num) : a.value;
    // Multiple choice (one row per chosen option) and repeated answers share the cell.
    row[i] = row[i] === null ? value : `${row[i]}, ${a.value}`;
    if (followup) continue;
    const score = index.get(columnKey(a.unique_question_id, { kind: 'score' }));
    if (score !== undefined && a.value_num !== null) row[hidden + score] = Number(a.value_num);
    const option = index.get(columnKey(a.unique_question_id, { kind: 'option', option: a.value }));
    if (option !== undefined) row[hidden + option] = 1;
    const branch = index.get(columnKey(a.unique_question_id, { kind: 'branch' }));
    const confidence = index.get(columnKey(a.unique_question_id, { kind: 'confidence' }));
    if (branch === undefined || confidence === undefined) continue;
    // A repeated answer's branch joins the cell like its text; the confidence is the latest one's.
    const taken = a.branch ?? NO_BRANCH;
    const b = hidden + branch;
    row[b] = row[b] === null ? taken : `${row[b]}, ${taken}`;
    if (a.confidence !== null) row[hidden + confidence] = Math.round(Number(a.confidence) * 100) / 100;
  }
  for (const row of cells.values()) {
    for (const [answer, options] of optionColumns) {
      if (row[hidden + answer] === null) continue;
      for (const o of options) row[hidden + o] ??= 0;
    }
  }
  return cells;
}

/**
 * The filtered sessions of a dialog in pages (the ids read once, then a page of them at a time, so a
 * page costs the same however far the export is), each row: the respondent's number, mode, start, end,
 * duration, version, then the values of the hidden fields the session started with and one cell per
 * column.
 */
export async function* respondentRows(
  ctx: Pick<AppContext, 'db'>,
  { survey, hidden, columns }: DialogColumns,
  f: AnalyticsFilters,
  game = false,
): AsyncGenerator<RespondentRow[]> {
  const index = new Map(columns.map((c, i) => [columnKey(c.block.block.unique_question_id, c.part), i]));
  // Each multiple choice's answer column and its option columns, which hold 0 once the block is answered.
  const optionColumns = new Map<number, number[]>();
  columns.forEach((c, i) => {
    if (c.part.kind !== 'option') return;
    const answer = index.get(columnKey(c.block.block.unique_question_id, { kind: 'answer' }))!;
    optionColumns.set(answer, [...(optionColumns.get(answer) ?? []), i]);
  });
  const running = new RunningNumbers(ctx, survey.id);
  const ids = await filteredSessionIds(ctx.db, survey.id, f);
  for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
    yield await page(Array.from(ids.subarray(start, start + EXPORT_PAGE)));
  }

  async function page(ids: number[]): Promise<RespondentRow[]> {
    // In the order of the ids (the export's), less any session deleted since they were read. Sessions
    // that start while the file is written are not in it: it shows the dialog as the export began.
    const found = new Map((await sessionsByIds(ctx.db, ids, game)).map((s) => [s.id, s]));
    const sessions = ids.flatMap((id) => found.get(id) ?? []);
    const numbers = await running.of(sessions);
    const cells = await answerCells(ctx, sessions, hidden.length, columns, index, optionColumns);
    return sessions.map((s) => {
      const started = Number(s.started_at);
      const finished = s.finished_at === null ? null : Number(s.finished_at);
      const row = cells.get(s.id)!;
      const values = parseHiddenValues(s.hidden_fields);
      hidden.forEach((name, k) => {
        row[k] = values[name] ?? null;
      });
      return {
        fixed: [
          numbers.get(s.id)!,
          s.mode,
          started,
          finished,
          durationSeconds(started, finished),
          s.version === null ? null : Number(s.version),
        ],
        game: game ? [s.participant_id ?? null, s.manager_session_id ?? null] : null,
        cells: row,
      };
    });
  }
}
