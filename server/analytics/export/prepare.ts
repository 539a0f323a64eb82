import type { AnalyticsFilters, ExportFormat } from '../../../contract/analytics.ts';
import type { AppContext } from '../../context.ts';
import { listHiddenFields } from '../../hidden-fields/queries.ts';
import { badRequest } from '../../http/errors.ts';
import { authorizeDialog, type SurveyRow } from '../../sharing/permissions.ts';
import { analyticsBlocks } from '../blocks.ts';
import { CSV_ONE_DIALOG } from '../errors.ts';
import { analysableManager } from '../manager.ts';
import { filteredSessionIds } from '../queries/export.ts';
import { columnsOf, type DialogColumns } from './columns.ts';
import { writeCsv } from './csv-writer.ts';
import { exportFileName } from './file-name.ts';
import type { ExportStream } from './stream.ts';
import { writeXlsx } from './xlsx-writer.ts';

type Ctx = Pick<AppContext, 'db' | 'dbKind' | 'reads'>;

export interface ExportJob {
  fileName: string;
  contentType: string;
  /** Writes the file; stops early (without finishing it) once `aborted` says the client went away. */
  write(out: ExportStream, aborted: () => boolean): Promise<void>;
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
  await filteredSessionIds(ctx.db, surveys[0]!.id, f, 1);
  const dialogs: DialogColumns[] = [];
  for (const survey of surveys) {
    dialogs.push({
      survey,
      hidden: (await listHiddenFields(ctx.db, survey.id)).map((h) => h.name),
      columns: await columnsOf(ctx, survey, await analyticsBlocks(ctx, survey)),
    });
  }
  const fileName = exportFileName(name, req.format);
  if (req.format === 'csv') {
    return {
      fileName,
      contentType: 'text/csv; charset=utf-8',
      write: (out, aborted) => writeCsv(ctx, dialogs[0]!, f, out, aborted),
    };
  }
  const game = req.dialog_manager_id !== undefined;
  return {
    fileName,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    write: (out, aborted) => writeXlsx(ctx, dialogs, f, game, out, aborted),
  };
}
