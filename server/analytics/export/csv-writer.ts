import type { AnalyticsFilters } from '../../../contract/analytics.ts';
import type { AppContext } from '../../context.ts';
import { type DialogColumns, FIXED_HEADERS, variableHeaders } from './columns.ts';
import { CSV_BOM, csvLine } from './csv.ts';
import { localText } from './local-time.ts';
import { respondentRows } from './rows.ts';
import { betweenPages, type ExportStream } from './stream.ts';

/** The csv export: the Antworten sheet of one dialog, UTF-8 with BOM, ';' separated, times as text. */
export async function writeCsv(
  ctx: Pick<AppContext, 'db'>,
  dialog: DialogColumns,
  f: AnalyticsFilters,
  out: ExportStream,
  aborted: () => boolean,
) {
  out.write(CSV_BOM + csvLine([...FIXED_HEADERS, ...variableHeaders(dialog)]));
  for await (const page of respondentRows(ctx, dialog, f)) {
    if (aborted()) return;
    for (const row of page) {
      const [number, mode, started, finished, duration, version] = row.fixed;
      const end = finished === null ? null : localText(finished, f);
      out.write(csvLine([number, mode, localText(started, f), end, duration, version, ...row.cells]));
    }
    await betweenPages(out, aborted);
  }
  out.end();
}
