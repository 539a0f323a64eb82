import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ANALYTICS_ROUTES,
  answersRequest,
  answersResponse,
  crosstabRequest,
  crosstabResponse,
  deleteRespondentResponse,
  exportRequest,
  managerAnalyticsRequest,
  managerSummaryResponse,
  respondentsRequest,
  respondentsResponse,
  sessionRequest,
  surveyAnalyticsRequest,
  surveySummaryResponse,
  transcriptResponse,
} from '../../contract/analytics.ts';
import { apiErrorSchema } from '../../contract/api-error.ts';
import { answersTable } from '../analytics/answers-table.ts';
import { crosstab } from '../analytics/crosstab.ts';
import { contentDisposition } from '../analytics/export/file-name.ts';
import { prepareExport } from '../analytics/export/prepare.ts';
import { ExportStream } from '../analytics/export/stream.ts';
import { managerSummary } from '../analytics/manager.ts';
import { deleteRespondent, listRespondents, transcript } from '../analytics/respondents.ts';
import { surveySummary } from '../analytics/summary.ts';
import { requireAuthor, requireFreshAuthor } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { type DialogAccess, requireDialog } from '../sharing/permissions.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * The Analyse module's calls (contract/analytics.ts). Every call on a dialog needs the 'analyse'
 * capability (owner, Voller Zugriff, Analysieren; off for everybody when the dialog's analyse flag is
 * 0), deleting a respondent's data included: it is part of working with the results. The calls on a
 * multi-dialog chat include only the connected dialogs the caller may analyse (none: 404).
 */
export function registerAnalyticsRoutes(instance: FastifyInstance, ctx: AppContext): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['analytics'];

  /** A POST call on one dialog, guarded by the 'analyse' capability. */
  function dialogCall<B extends z.ZodType<{ survey_id: string }>, R extends z.ZodType>(
    url: string,
    summary: string,
    body: B,
    response: R,
    handler: (access: DialogAccess, body: z.infer<B>) => Promise<z.infer<R>>,
  ) {
    // The plain instance: the zod schemas still validate and serialise; the helper types body and reply.
    instance.post(
      url,
      { schema: { tags, summary, body, response: { 200: response, ...errors } } },
      async (req) => {
        const parsed = req.body as z.infer<B>;
        return handler(await requireDialog(ctx, req, parsed.survey_id, 'analyse'), parsed);
      },
    );
  }

  dialogCall(
    ANALYTICS_ROUTES.summary,
    'Headline figures, drop-off and results per block, sessions per day',
    surveyAnalyticsRequest,
    surveySummaryResponse,
    (a, b) => surveySummary(ctx, a.survey, b.filters),
  );
  dialogCall(
    ANALYTICS_ROUTES.answers,
    "A block's answers with branch, confidence and follow-up; searched and paged",
    answersRequest,
    answersResponse,
    (a, b) => answersTable(ctx, a.survey, b.filters, b),
  );
  dialogCall(
    ANALYTICS_ROUTES.crosstab,
    'Cross-tabulation of two choice or Likert blocks',
    crosstabRequest,
    crosstabResponse,
    (a, b) => crosstab(ctx, a.survey, b.filters, b.row_question_id, b.column_question_id),
  );
  dialogCall(
    ANALYTICS_ROUTES.respondents,
    'The respondents (sessions), newest first, paged',
    respondentsRequest,
    respondentsResponse,
    (a, b) => listRespondents(ctx, a.survey, b.filters, b.page, b.page_size),
  );
  dialogCall(
    ANALYTICS_ROUTES.transcript,
    "One respondent's chat",
    sessionRequest,
    transcriptResponse,
    (a, b) => transcript(ctx, a.survey, b.session_id),
  );
  dialogCall(
    ANALYTICS_ROUTES.deleteRespondent,
    "Delete one respondent's session with its messages and answers",
    sessionRequest,
    deleteRespondentResponse,
    (a, b) => deleteRespondent(ctx, a.survey, b.session_id),
  );

  app.post(
    ANALYTICS_ROUTES.managerSummary,
    {
      schema: {
        tags,
        summary: 'Players, progress through the game and a summary per connected dialog',
        body: managerAnalyticsRequest,
        response: { 200: managerSummaryResponse, ...errors },
      },
    },
    async (req) => {
      const principal = await requireAuthor(ctx, req);
      return managerSummary(ctx, principal.id, req.body.dialog_manager_id, req.body.filters);
    },
  );

  // The plain instance: the reply is a stream, not one of the response schemas (those are the errors).
  instance.post(
    ANALYTICS_ROUTES.export,
    {
      schema: {
        tags,
        summary: 'Export (SPEC §7): the file itself, xlsx or csv, as an attachment',
        description:
          'Needs a fresh token (401 "Fresh token required" otherwise). xlsx: a sheet Antworten (one row ' +
          'per respondent, one column per input block, follow-ups in "<Spalte> (Nachfrage)") and a sheet ' +
          'Zusammenfassung per dialog (numbered for a multi-dialog chat). csv: the Antworten sheet of one ' +
          "dialog, UTF-8 with BOM, ';' separated. Streamed.",
        body: exportRequest,
        response: errors,
      },
    },
    async (req, reply) => {
      const principal = await requireFreshAuthor(ctx, req);
      const job = await prepareExport(ctx, principal.id, req.body as z.infer<typeof exportRequest>);
      const out = new ExportStream();
      // A client that goes away destroys the stream; the writer stops at its next page.
      out.on('error', (err) => req.log.debug({ err }, 'export stream closed'));
      job
        .write(out, () => out.destroyed)
        .catch((err: unknown) => {
          req.log.error({ err }, 'export failed');
          out.destroy();
        });
      return reply
        .header('content-type', job.contentType)
        .header('content-disposition', contentDisposition(job.fileName))
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
}
