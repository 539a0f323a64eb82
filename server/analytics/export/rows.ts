import type { AnalyticsFilters } from '../../../contract/analytics.ts';
import type { AppContext } from '../../context.ts';
import { parseHiddenValues } from '../../hidden-fields/service.ts';
import { answersOfSessions, type Position, sessionPage } from '../queries/export.ts';
import { RunningNumbers } from '../running-numbers.ts';
import { columnKey, type DialogColumns, NO_BRANCH } from './columns.ts';
import type { CsvValue } from './csv.ts';

/** A session's duration in whole seconds: milliseconds ('35,227 s') tell a reader nothing. */
export const durationSeconds = (started: number, finished: number | null) =>
  finished === null ? null : Math.round((finished - started) / 1000);

const hiddenCells = (names: readonly string[], stored: string | null): CsvValue[] => {
  const values = parseHiddenValues(stored);
  return names.map((name) => values[name] ?? null);
};

/** Sessions per page: the export holds one page of sessions and their answers at a time. */
export const EXPORT_PAGE = 500;

export interface RespondentRow {
  fixed: [number, string, number, number | null, number | null, number | null];
  /** With `game` only: the player (participant) and the play (manager session). */
  game: [participant: number | null, managerSession: number | null] | null;
  /** The hidden fields' values (DialogColumns.hidden), then one cell per column. */
  cells: CsvValue[];
}

/**
 * The column cells of a page's sessions from their answers. A function of its own so that the answers
 * (the page's largest part) are garbage once it returns: kept in the generator while the page is
 * written, they outlived the young generation's collections and piled up in the old one.
 */
async function answerCells(
  ctx: Pick<AppContext, 'db'>,
  sessions: readonly { id: number }[],
  columns: DialogColumns['columns'],
  index: ReadonlyMap<string, number>,
  optionColumns: ReadonlyMap<number, number[]>,
) {
  const answers = await answersOfSessions(
    ctx.db,
    sessions.map((s) => s.id),
  );
  const cells = new Map(sessions.map((s) => [s.id, columns.map((): CsvValue => null)]));
  for (const a of answers) {
    // A skipped question leaves its cells empty: it has no answer.
    if (a.kind === 'skip') continue;
    const followup = a.kind === 'nachfrage';
    const i = index.get(columnKey(a.unique_question_id, { kind: followup ? 'followup' : 'answer' }));
    const row = cells.get(a.session_id);
    if (i === undefined || !row) continue;
    const column = columns[i]!;
    const value: CsvValue =
      column.block.kind === 'number' && a.value_num !== null ? Number(a.value_num) : a.value;
    // Multiple choice (one row per chosen option) and repeated answers share the cell.
    row[i] = row[i] === null ? value : `${row[i]}, ${a.value}`;
    if (followup) continue;
    const score = index.get(columnKey(a.unique_question_id, { kind: 'score' }));
    if (score !== undefined && a.value_num !== null) row[score] = Number(a.value_num);
    const option = index.get(columnKey(a.unique_question_id, { kind: 'option', option: a.value }));
    if (option !== undefined) row[option] = 1;
    const branch = index.get(columnKey(a.unique_question_id, { kind: 'branch' }));
    const confidence = index.get(columnKey(a.unique_question_id, { kind: 'confidence' }));
    if (branch === undefined || confidence === undefined) continue;
    // A repeated answer's branch joins the cell like its text; the confidence is the latest one's.
    const taken = a.branch ?? NO_BRANCH;
    row[branch] = row[branch] === null ? taken : `${row[branch]}, ${taken}`;
    if (a.confidence !== null) row[confidence] = Math.round(Number(a.confidence) * 100) / 100;
  }
  for (const row of cells.values()) {
    for (const [answer, options] of optionColumns) {
      if (row[answer] === null) continue;
      for (const o of options) row[o] ??= 0;
    }
  }
  return cells;
}

/**
 * The filtered sessions of a dialog in pages (keyset on start and id, so a page costs the same however
 * far the export is), each row: the respondent's number, mode, start, end, duration, version, then the values of
 * the hidden fields the session started with and one cell per column.
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
  let after: Position = null;
  for (;;) {
    const sessions = await sessionPage(ctx.db, survey.id, f, after, { limit: EXPORT_PAGE, game });
    if (sessions.length === 0) return;
    const numbers = await running.of(sessions);
    const cells = await answerCells(ctx, sessions, columns, index, optionColumns);
    yield sessions.map((s) => {
      const started = Number(s.started_at);
      const finished = s.finished_at === null ? null : Number(s.finished_at);
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
        cells: [...hiddenCells(hidden, s.hidden_fields), ...cells.get(s.id)!],
      };
    });
    const last = sessions.at(-1)!;
    after = { started: Number(last.started_at), id: last.id };
  }
}
