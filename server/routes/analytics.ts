import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import { answersTable } from '../analytics/answers-table.ts';
import { crosstab } from '../analytics/crosstab.ts';
import { contentDisposition } from '../analytics/export/file-name.ts';
import { prepareExport } from '../analytics/export/prepare.ts';
import { ExportStream } from '../analytics/export/stream.ts';
import { managerSummary } from '../analytics/manager.ts';
import { deleteRespondent, listRespondents, transcript } from '../analytics/respondents.ts';
import { surveySummary } from '../analytics/summary.ts';
import type { AppContext } from '../context.ts';
import { serve } from './serve.ts';

/**
 * The Analyse module's calls (contract/endpoints/analytics.ts): the calls on a dialog need 'analyse' on
 * it; the multi-dialog chat's summary and the export check the dialogs they include in the service.
 */
export function registerAnalyticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.analyticsSummary, ({ access, body }) =>
    surveySummary(ctx, access.survey, body.filters),
  );
  serve(app, ctx, endpoints.analyticsAnswers, ({ access, body }) =>
    answersTable(ctx, access.survey, body.filters, body),
  );
  serve(app, ctx, endpoints.analyticsCrosstab, ({ access, body }) =>
    crosstab(ctx, access.survey, body.filters, body.row_question_id, body.column_question_id),
  );
  serve(app, ctx, endpoints.analyticsRespondents, ({ access, body }) =>
    listRespondents(ctx, access.survey, body.filters, body.page, body.page_size),
  );
  serve(app, ctx, endpoints.analyticsTranscript, ({ access, body }) =>
    transcript(ctx, access.survey, body.session_id),
  );
  serve(app, ctx, endpoints.analyticsDeleteRespondent, ({ access, body }) =>
    deleteRespondent(ctx, access.survey, body.session_id),
  );
  serve(app, ctx, endpoints.analyticsMultichatSummary, ({ principal, body }) =>
    managerSummary(ctx, principal.id, body.dialog_manager_id, body.filters),
  );

  serve(app, ctx, endpoints.excelExport, async ({ principal, body, log, raw }) => {
    const job = await prepareExport(ctx, principal.id, body);
    const out = new ExportStream();
    // A client that goes away destroys the stream; the writer stops at its next page.
    out.on('error', (err) => log.debug({ err }, 'export stream closed'));
    job
      .write(out, () => out.destroyed)
      .catch((err: unknown) => {
        log.error({ err }, 'export failed');
        out.destroy();
      });
    return raw.reply
      .header('content-type', job.contentType)
      .header('content-disposition', contentDisposition(job.fileName))
      .header('cache-control', 'no-store')
      .send(out);
  });
}
