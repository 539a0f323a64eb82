import { once } from 'node:events';
import { PassThrough, type TransformCallback } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { AnalyticsFilters, ExportFormat, SurveySummaryResponse } from '../../contract/analytics.ts';
import { asciiFileName, safeFileName } from '../../contract/analytics-files.ts';
import { BLOCK_TYPE_LABELS } from '../../contract/blocks.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { authorizeDialog, type SurveyRow } from '../sharing/permissions.ts';
import { type AnalyticsBlock, analyticsBlocks, takesInput } from './blocks.ts';
import { CSV_BOM, type CsvValue, csvLine } from './csv.ts';
import { sessionFilter } from './filters.ts';
import { analysableManager } from './manager.ts';
import { RunningNumbers } from './respondents.ts';
import { surveySummary } from './summary.ts';

type Ctx = Pick<AppContext, 'db' | 'dbKind' | 'reads'>;

/** Sessions per page: the export holds one page of sessions and their answers at a time. */
export const EXPORT_PAGE = 500;
export const CSV_ONE_DIALOG =
  'format: eine CSV-Datei enthält einen Dialog; für einen Multi-Chat bitte xlsx wählen';

/** 'Nr.' is the respondent's number as Analyse shows it (per mode: live and test chats count apart). */
const FIXED_HEADERS = ['Nr.', 'Modus', 'Beginn', 'Ende', 'Dauer (s)'];
/**
 * A multi-dialog chat's sheets add, after 'Nr.', who played (the participant: the same in every
 * dialog of the game, also after a restart; empty for an author's test chat) and which play it was (the
 * manager session, one per start of the game): the columns that link one player's rows across the sheets.
 */
export const GAME_HEADERS = ['Spieler', 'Spiel'];
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** A date block's answers are Excel dates (sortable, computable), shown as the chat stored them. */
const DAY_FORMAT = 'yyyy-mm-dd';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date answer as an Excel date (midnight, without zone like the other dates of the sheet). */
const excelDay = (cell: CsvValue): Cell =>
  typeof cell === 'string' && ISO_DAY.test(cell) ? new Date(`${cell}T00:00:00Z`) : cell;

/**
 * What a column holds of its block: the answer as given (multiple choices and repeats joined by ', '),
 * a Likert answer's value (its score: 1 for the first point, reversed for an inverse scale; empty for
 * 'keine Angabe'), 1 or 0 for one option of a multiple choice (empty when the block was not answered),
 * or the follow-up answers.
 */
type Part =
  | { kind: 'answer' }
  | { kind: 'score' }
  | { kind: 'option'; option: string }
  | { kind: 'followup' };

interface Column {
  header: string;
  block: AnalyticsBlock;
  part: Part;
}

/**
 * The options respondents chose in each multiple choice of the dialog that the block no longer offers
 * (removed since), sorted: Analyse still counts them, so the export keeps their 0/1 columns too.
 */
async function removedOptions(ctx: Ctx, survey: SurveyRow, blocks: readonly AnalyticsBlock[]) {
  const offered = new Map(
    blocks
      .filter((b) => b.block.type === 'multiple_choice')
      .map((b) => [b.block.unique_question_id, new Set(b.block.options)]),
  );
  const removed = new Map<string, string[]>();
  if (offered.size === 0) return removed;
  const chosen = await ctx.db
    .selectFrom('answers')
    .select(['unique_question_id', 'value'])
    .distinct()
    .where('survey_id', '=', survey.id)
    .where('unique_question_id', 'in', [...offered.keys()])
    .where('kind', '=', 'answer')
    .execute();
  for (const { unique_question_id: id, value } of chosen) {
    if (offered.get(id)!.has(value)) continue;
    const list = removed.get(id);
    if (list) list.push(value);
    else removed.set(id, [value]);
  }
  for (const list of removed.values()) list.sort((a, b) => a.localeCompare(b, 'de'));
  return removed;
}

/**
 * One column per input block with the answer as given; beside it, for statistics software, a Likert
 * block's value and a multiple choice's options as 0/1 columns (options removed since they were chosen
 * after the offered ones); then the follow-up answers if it asks one.
 */
function columnsOf(blocks: readonly AnalyticsBlock[], removed: ReadonlyMap<string, string[]>): Column[] {
  return blocks.filter(takesInput).flatMap((block) => {
    const b = block.block;
    const columns: Column[] = [{ header: block.header, block, part: { kind: 'answer' } }];
    if (b.type === 'likert')
      columns.push({ header: `${block.header} (Wert)`, block, part: { kind: 'score' } });
    if (b.type === 'multiple_choice') {
      for (const option of [...b.options, ...(removed.get(b.unique_question_id) ?? [])]) {
        columns.push({ header: `${block.header}: ${option}`, block, part: { kind: 'option', option } });
      }
    }
    if (b.nachfrage.trim() !== '') {
      columns.push({ header: `${block.header} (Nachfrage)`, block, part: { kind: 'followup' } });
    }
    return columns;
  });
}

const isDayColumn = (c: Column) => c.block.kind === 'date' && c.part.kind === 'answer';

const columnKey = (questionId: string, part: Part) =>
  `${questionId}|${part.kind}${part.kind === 'option' ? `|${part.option}` : ''}`;

type Cell = string | number | Date | null;
type Position = { started: number; id: number } | null;

/**
 * One page of the filtered sessions. With `game`, the player and play columns too: they are the session's
 * own, read with its page (no join, nothing kept beyond the page), and only then, since the index the
 * page is read along (migration 0006) covers the other columns.
 */
function sessionPage(
  ctx: Ctx,
  survey: SurveyRow,
  f: AnalyticsFilters,
  after: Position,
  { limit = EXPORT_PAGE, game = false } = {},
) {
  return ctx.db
    .selectFrom('chat_sessions as s')
    .select(['s.id', 's.mode', 's.started_at', 's.finished_at'])
    .$if(game, (q) => q.select(['s.participant_id', 's.manager_session_id']))
    .where(sessionFilter([survey.id], f))
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('s.started_at', '>', after!.started),
          eb.and([eb('s.started_at', '=', after!.started), eb('s.id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('s.started_at')
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

/**
 * The filtered sessions of a dialog in pages (keyset on start and id, so a page costs the same however
 * far the export is), each row: the respondent's number, mode, start, end, duration, then one cell per
 * column.
 */
async function* respondentRows(
  ctx: Ctx,
  survey: SurveyRow,
  f: AnalyticsFilters,
  columns: readonly Column[],
  game = false,
): AsyncGenerator<
  {
    fixed: [number, string, number, number | null, number | null];
    /** With `game` only: the player (participant) and the play (manager session). */
    game: [participant: number | null, managerSession: number | null] | null;
    cells: CsvValue[];
  }[]
> {
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
    const sessions = await sessionPage(ctx, survey, f, after, { game });
    if (sessions.length === 0) return;
    const numbers = await running.of(sessions);
    const answers = await ctx.db
      .selectFrom('answers')
      .select(['session_id', 'unique_question_id', 'kind', 'value', 'value_num'])
      .where(
        'session_id',
        'in',
        sessions.map((s) => s.id),
      )
      .orderBy('session_id')
      .orderBy('id')
      .execute();
    const cells = new Map(sessions.map((s) => [s.id, columns.map((): CsvValue => null)]));
    for (const a of answers) {
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
    }
    for (const row of cells.values()) {
      for (const [answer, options] of optionColumns) {
        if (row[answer] === null) continue;
        for (const o of options) row[o] ??= 0;
      }
    }
    yield sessions.map((s) => {
      const started = Number(s.started_at);
      const finished = s.finished_at === null ? null : Number(s.finished_at);
      return {
        fixed: [
          numbers.get(s.id)!,
          s.mode,
          started,
          finished,
          finished === null ? null : (finished - started) / 1000,
        ],
        game: game ? [s.participant_id ?? null, s.manager_session_id ?? null] : null,
        cells: cells.get(s.id)!,
      };
    });
    const last = sessions.at(-1)!;
    after = { started: Number(last.started_at), id: last.id };
  }
}

/** Wall-clock time of the author's zone, as Excel shows a date without zone. */
const local = (ms: number, f: AnalyticsFilters) => new Date(ms + f.tz_offset_minutes * 60_000);
const localText = (ms: number, f: AnalyticsFilters) =>
  local(ms, f).toISOString().slice(0, 19).replace('T', ' ');

/** The file's name: the dialog's (or game's) name kept as it reads, less what a file system refuses. */
export function exportFileName(name: string, format: ExportFormat): string {
  return `${safeFileName(name, 'Export')}.${format}`;
}

/** RFC 5987 ext-value: UTF-8, percent-encoded beyond attr-char (encodeURIComponent leaves ' ( ) * as they are). */
const extValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266, filename* per RFC 5987). */
export function contentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${extValue(fileName)}`;
}

/** A computed figure with the number format its cell gets: the value stays a number. */
interface Formatted {
  value: number | null;
  numFmt: string;
}
/** Means and standard deviations are computed, not answered: Excel shows them rounded, keeps them whole. */
export const STAT_FORMAT = '0.00';
/** Shares in per cent and durations in seconds: rounded to tenths, and shown so (50.0, 33.3). */
export const TENTHS_FORMAT = '0.0';
/** A computed statistic: the full value, shown with two decimals. */
const stat = (value: number | null): Formatted => ({ value, numFmt: STAT_FORMAT });
const percent = (x: number | null): Formatted => ({
  value: x === null ? null : Math.round(x * 1000) / 10,
  numFmt: TENTHS_FORMAT,
});
const seconds = (ms: number | null): Formatted => ({
  value: ms === null ? null : Math.round(ms / 100) / 10,
  numFmt: TENTHS_FORMAT,
});
type SummaryCell = Cell | Formatted;

/** The 'Zusammenfassung' sheet: the headline figures, then one section per block. */
function summaryRows(summary: SurveySummaryResponse): SummaryCell[][] {
  const h = summary.headline;
  const rows: SummaryCell[][] = [
    ['Dialog', summary.survey_name],
    ['Gestartet', h.started],
    ['Beendet', h.finished],
    ['Abschlussquote (%)', percent(h.completion_rate)],
    ['Dauer Median (s)', seconds(h.duration_median_ms)],
    ['Dauer Mittelwert (s)', seconds(h.duration_mean_ms)],
  ];
  for (const b of summary.blocks) {
    rows.push([], [b.label, BLOCK_TYPE_LABELS[b.type]]);
    rows.push(['Erreicht', b.reached], ['Abgebrochen', b.left]);
    const r = b.result;
    if (r.kind === 'none') continue;
    rows.push(['Beantwortet', b.answered], ['Zeit Median (s)', seconds(b.time_median_ms)]);
    if (b.followups > 0) rows.push(['Nachfragen', b.followups]);
    if (r.kind === 'choice') {
      rows.push(['Option', 'Anzahl', 'Anteil (%)']);
      for (const o of r.options) rows.push([o.label, o.count, percent(o.share)]);
    } else if (r.kind === 'likert') {
      rows.push(['Option', 'Anzahl', 'Anteil (%)', 'Wert']);
      for (const o of r.options) rows.push([o.label, o.count, percent(o.share), o.score]);
      rows.push(
        ['keine Angabe', r.not_applicable],
        ['Mittelwert', stat(r.mean)],
        ['Standardabweichung', stat(r.sd)],
      );
    } else if (r.kind === 'number') {
      rows.push(['Minimum', r.min], ['Maximum', r.max], ['Mittelwert', stat(r.mean)], ['Median', r.median]);
      rows.push(['von', 'bis', 'Anzahl']);
      for (const bin of r.histogram) rows.push([bin.from, bin.to, bin.count]);
    } else if (r.kind === 'date') {
      rows.push(['Frühestes', r.earliest], ['Spätestes', r.latest], ['Monat', 'Anzahl']);
      for (const m of r.per_month) rows.push([m.month, m.count]);
    } else {
      rows.push(['Antworten', r.answers]);
      if (r.branches.length > 0) rows.push(['Zweig', 'Anzahl']);
      for (const branch of r.branches) rows.push([branch.branch ?? 'keiner davon', branch.count]);
    }
  }
  return rows;
}

/** Adds a summary row; a computed figure's cell gets its number format. */
function addSummaryRow(sheet: ExcelJS.Worksheet, values: SummaryCell[]) {
  const isFormatted = (v: SummaryCell): v is Formatted =>
    typeof v === 'object' && v !== null && 'numFmt' in v;
  const row = sheet.addRow(values.map((v) => (isFormatted(v) ? v.value : v)));
  values.forEach((v, i) => {
    if (isFormatted(v)) row.getCell(i + 1).numFmt = v.numFmt;
  });
  row.commit();
}

interface DialogExport {
  survey: SurveyRow;
  columns: Column[];
}

export interface ExportJob {
  fileName: string;
  contentType: string;
  /** Writes the file; stops early (without finishing it) once `aborted` says the client went away. */
  write(out: ExportStream, aborted: () => boolean): Promise<void>;
}

/** The response body of an export: a pass-through that counts what the file's writer has put in. */
export class ExportStream extends PassThrough {
  written = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.written += chunk.length;
    callback(null, chunk);
  }
}

const SETTLE_POLL_MS = 2;

/**
 * Between pages. SQLite answers synchronously, so the loop over pages never leaves room for the zip's
 * compression (zlib, off the main thread, one chunk per turn of the event loop), and exceljs has no
 * backpressure: without a pause the whole sheet would pile up in memory before any of it is compressed.
 * So wait while the output still grows, then, while the client reads slower than the file is written,
 * until it has taken what is there.
 */
async function betweenPages(out: ExportStream, aborted: () => boolean) {
  let before: number;
  do {
    before = out.written;
    await sleep(SETTLE_POLL_MS);
  } while (out.written > before && !aborted());
  if (out.writableNeedDrain && !aborted()) await Promise.race([once(out, 'drain'), once(out, 'close')]);
}

/**
 * POST /api/excel_export, everything that can fail with an error answer: access, the dialogs, their
 * columns and the filters. The file itself (with the xlsx summaries) is written afterwards, into the
 * response.
 */
export async function prepareExport(
  ctx: Ctx,
  userId: number,
  req: { survey_id?: string; dialog_manager_id?: number; format: ExportFormat; filters: AnalyticsFilters },
): Promise<ExportJob> {
  const f = req.filters;
  let name: string;
  let surveys: SurveyRow[];
  if (req.survey_id !== undefined) {
    const access = await authorizeDialog(ctx, userId, req.survey_id, 'analyse');
    surveys = [access.survey];
    name = access.survey.survey_name;
  } else {
    const found = await analysableManager(ctx, userId, req.dialog_manager_id!);
    surveys = found.surveys;
    name = found.manager.name;
  }
  if (req.format === 'csv' && surveys.length > 1) throw badRequest(CSV_ONE_DIALOG);
  // The filters reach the database here, before the file starts: a value it refuses is still a 400.
  await sessionPage(ctx, surveys[0]!, f, null, { limit: 1 });
  const dialogs: DialogExport[] = [];
  for (const survey of surveys) {
    const blocks = await analyticsBlocks(ctx, survey);
    const columns = columnsOf(blocks, await removedOptions(ctx, survey, blocks));
    dialogs.push({ survey, columns });
  }
  const fileName = exportFileName(name, req.format);
  if (req.format === 'csv') {
    const { survey, columns } = dialogs[0]!;
    return {
      fileName,
      contentType: 'text/csv; charset=utf-8',
      async write(out, aborted) {
        out.write(CSV_BOM + csvLine([...FIXED_HEADERS, ...columns.map((c) => c.header)]));
        for await (const page of respondentRows(ctx, survey, f, columns)) {
          if (aborted()) return;
          for (const row of page) {
            const [number, mode, started, finished, duration] = row.fixed;
            const end = finished === null ? null : localText(finished, f);
            out.write(csvLine([number, mode, localText(started, f), end, duration, ...row.cells]));
          }
          await betweenPages(out, aborted);
        }
        out.end();
      },
    };
  }
  return {
    fileName,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    async write(out, aborted) {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: true,
        useSharedStrings: false,
      });
      const numbered = dialogs.length > 1;
      const game = req.dialog_manager_id !== undefined;
      for (const [i, d] of dialogs.entries()) {
        const suffix = numbered ? ` ${i + 1}` : '';
        const sheet = workbook.addWorksheet(`Antworten${suffix}`);
        const fixedColumns = FIXED_HEADERS.map((header, k) => ({
          header,
          width: k === 2 || k === 3 ? 20 : 10,
          style: k === 2 || k === 3 ? { numFmt: DATE_FORMAT } : {},
        }));
        sheet.columns = [
          fixedColumns[0]!,
          ...(game ? GAME_HEADERS.map((header) => ({ header, width: 10 })) : []),
          ...fixedColumns.slice(1),
          ...d.columns.map((c) => ({
            header: c.header,
            width: 20,
            style: isDayColumn(c) ? { numFmt: DAY_FORMAT } : {},
          })),
        ];
        const days = d.columns.map(isDayColumn);
        sheet.getRow(1).font = { bold: true };
        for await (const page of respondentRows(ctx, d.survey, f, d.columns, game)) {
          if (aborted()) return;
          for (const row of page) {
            const [number, mode, started, finished, duration] = row.fixed;
            sheet
              .addRow([
                number,
                ...(row.game ?? []),
                mode,
                local(started, f),
                finished === null ? null : local(finished, f),
                duration,
                ...row.cells.map((cell, k) => (days[k] ? excelDay(cell) : cell)),
              ])
              .commit();
          }
          await betweenPages(out, aborted);
        }
        sheet.commit();
        // The summary comes after the rows, not before the file starts, and its passes run one at a
        // time: a read worker (server/db/read-pool.ts) does not give its memory back to the system
        // when it stops, so one started before the rows would stay beside them, and a second one
        // adds its own. Measured for 100,000 respondents (bench/analytics.ts): peak 253-284 MB this
        // way, 266-281 MB with the summary first, 275-315 MB with both workers. It only reads, as
        // the rows did.
        const summary = await surveySummary(ctx, d.survey, f, { oneAtATime: true });
        if (aborted()) return;
        const summarySheet = workbook.addWorksheet(`Zusammenfassung${suffix}`);
        summarySheet.columns = [{ width: 40 }, { width: 14 }, { width: 14 }, { width: 10 }];
        for (const values of summaryRows(summary)) addSummaryRow(summarySheet, values);
        summarySheet.commit();
      }
      if (aborted()) return;
      await workbook.commit();
    },
  };
}
