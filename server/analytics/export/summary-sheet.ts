import type ExcelJS from 'exceljs';
import type { SurveySummaryResponse } from '../../../contract/analytics.ts';
import { BLOCK_TYPE_LABELS } from '../../../contract/blocks.ts';

/** The 'Zusammenfassung' sheet of the xlsx export: a dialog's summary as Analyse shows it. */

type Cell = string | number | Date | null;

/** A computed figure with the number format its cell gets: the value stays a number. */
interface Formatted {
  value: number | null;
  numFmt: string;
}
/** Rounds to the given number of decimals; null stays null. */
const rounded = (x: number | null, decimals: number) =>
  x === null ? null : Math.round(x * 10 ** decimals) / 10 ** decimals;

/**
 * Means and standard deviations are computed, not answered: stored rounded to two decimals, which is
 * all a reader of a rating or a number needs (2,31 rather than 2,3094010767585), and shown so.
 */
export const STAT_FORMAT = '0.00';
/** Shares in per cent: rounded to tenths, and shown so (50.0, 33.3). */
export const TENTHS_FORMAT = '0.0';
/** Durations: whole seconds, as in the respondents' sheet ('35', never '35,227'). */
export const SECONDS_FORMAT = '0';
const stat = (value: number | null): Formatted => ({ value: rounded(value, 2), numFmt: STAT_FORMAT });
const percent = (x: number | null): Formatted => ({
  value: rounded(x === null ? null : x * 100, 1),
  numFmt: TENTHS_FORMAT,
});
const seconds = (ms: number | null): Formatted => ({
  value: rounded(ms === null ? null : ms / 1000, 0),
  numFmt: SECONDS_FORMAT,
});
type SummaryCell = Cell | Formatted;

/** The headline figures, then one section per block. */
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

/** Writes the sheet `name` with the summary into the workbook. */
export function addSummarySheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  summary: SurveySummaryResponse,
) {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = [{ width: 40 }, { width: 14 }, { width: 14 }, { width: 10 }];
  for (const values of summaryRows(summary)) addSummaryRow(sheet, values);
  sheet.commit();
}
