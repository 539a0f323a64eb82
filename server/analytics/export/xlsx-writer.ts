import ExcelJS from 'exceljs';
import type { AnalyticsFilters } from '../../../contract/analytics.ts';
import type { AppContext } from '../../context.ts';
import { surveySummary } from '../summary.ts';
import { type Column, type DialogColumns, FIXED_HEADERS, GAME_HEADERS } from './columns.ts';
import type { CsvValue } from './csv.ts';
import { local } from './local-time.ts';
import { respondentRows } from './rows.ts';
import { betweenPages, type ExportStream } from './stream.ts';
import { addSummarySheet } from './summary-sheet.ts';

const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** A date block's answers are Excel dates (sortable, computable), shown as the chat stored them. */
const DAY_FORMAT = 'yyyy-mm-dd';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date answer as an Excel date (midnight, without zone like the other dates of the sheet). */
const excelDay = (cell: CsvValue): CsvValue | Date =>
  typeof cell === 'string' && ISO_DAY.test(cell) ? new Date(`${cell}T00:00:00Z`) : cell;

const isDayColumn = (c: Column) => c.block.kind === 'date' && c.part.kind === 'answer';

/**
 * The 'Antworten' sheet's columns: the fixed ones (with a game's player and play after 'Nr.'), then the
 * hidden fields' and the blocks'.
 */
function sheetColumns({ hidden, columns }: DialogColumns, game: boolean) {
  const fixedColumns = FIXED_HEADERS.map((header, k) => ({
    header,
    width: k === 2 || k === 3 ? 20 : 10,
    style: k === 2 || k === 3 ? { numFmt: DATE_FORMAT } : {},
  }));
  return [
    fixedColumns[0]!,
    ...(game ? GAME_HEADERS.map((header) => ({ header, width: 10 })) : []),
    ...fixedColumns.slice(1),
    ...hidden.map((header) => ({ header, width: 15 })),
    ...columns.map((c) => ({
      header: c.header,
      width: 20,
      style: isDayColumn(c) ? { numFmt: DAY_FORMAT } : {},
    })),
  ];
}

/**
 * The xlsx export: per dialog a sheet Antworten (numbered for a multi-dialog chat; a game's with its
 * player and play columns) and a sheet Zusammenfassung, streamed into `out`.
 */
export async function writeXlsx(
  ctx: Pick<AppContext, 'db' | 'dbKind' | 'reads'>,
  dialogs: readonly DialogColumns[],
  f: AnalyticsFilters,
  game: boolean,
  out: ExportStream,
  aborted: () => boolean,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const numbered = dialogs.length > 1;
  for (const [i, d] of dialogs.entries()) {
    const suffix = numbered ? ` ${i + 1}` : '';
    const sheet = workbook.addWorksheet(`Antworten${suffix}`);
    sheet.columns = sheetColumns(d, game);
    // Cells are the hidden fields' values, then the columns'.
    const days = [...d.hidden.map(() => false), ...d.columns.map(isDayColumn)];
    sheet.getRow(1).font = { bold: true };
    // exceljs gives each cell a style object of its own (its column's copied) and, writing the cell,
    // remembers that object in a WeakMap: millions of entries, kept until a full collection, which
    // made up most of the old generation's growth during an export. Cells sharing their column's
    // style get the same style id through one entry per column.
    const styles = sheet.columns.map((c) => c.style);
    for await (const page of respondentRows(ctx, d, f, game)) {
      if (aborted()) return;
      for (const row of page) {
        const [number, mode, started, finished, duration, version] = row.fixed;
        const written = sheet.addRow([
          number,
          ...(row.game ?? []),
          mode,
          local(started, f),
          finished === null ? null : local(finished, f),
          duration,
          version,
          ...row.cells.map((cell, k) => (days[k] ? excelDay(cell) : cell)),
        ]);
        written.eachCell({ includeEmpty: true }, (cell, k) => {
          cell.style = styles[k - 1]!;
        });
        written.commit();
      }
      // The zip compresses only between turns of the event loop: a page's sheet XML waiting for it
      // keeps its buffers alive until they are promoted to the old generation, so the pages are small
      // (EXPORT_PAGE) and the zip catches up after each.
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
    addSummarySheet(workbook, `Zusammenfassung${suffix}`, summary);
  }
  if (aborted()) return;
  await workbook.commit();
}
