import {
  ANALYTICS_ROUTES,
  answersRequest,
  answersResponse,
  crosstabRequest,
  crosstabResponse,
  deleteRespondentResponse,
  exportFileResponse,
  exportRequest,
  managerAnalyticsRequest,
  managerSummaryResponse,
  respondentsRequest,
  respondentsResponse,
  sessionRequest,
  surveyAnalyticsRequest,
  surveySummaryResponse,
  transcriptResponse,
} from '../analytics.ts';
import { apiErrors } from '../api-error.ts';
import { endpoint, postGroup } from '../endpoint.ts';

const tags = ['analytics'];

/** A dialog's results, guarded by the 'analyse' capability; API keys with the 'read' scope may read them. */
const resultCall = postGroup('analytics', { dialog: 'analyse', keyScope: 'read' });

/**
 * The Analyse module's calls (contract/analytics.ts). Every call on a dialog needs the 'analyse'
 * capability (owner, Voller Zugriff, Analysieren; off for everybody when the dialog's analyse flag is
 * 0), deleting a respondent's data included: it is part of working with the results. The calls on a
 * multi-dialog chat include only the connected dialogs the caller may analyse (none: 404), checked by
 * the service, as is the export's dialog (it names a dialog or a multi-dialog chat).
 */
export const analyticsEndpoints = {
  analyticsSummary: resultCall({
    path: ANALYTICS_ROUTES.summary,
    summary: 'Headline figures, drop-off and results per block, sessions per day',
    body: surveyAnalyticsRequest,
    response: surveySummaryResponse,
  }),
  analyticsAnswers: resultCall({
    path: ANALYTICS_ROUTES.answers,
    summary: "A block's answers with branch, confidence and follow-up; searched and paged",
    body: answersRequest,
    response: answersResponse,
  }),
  analyticsCrosstab: resultCall({
    path: ANALYTICS_ROUTES.crosstab,
    summary: 'Cross-tabulation of two choice or Likert blocks',
    body: crosstabRequest,
    response: crosstabResponse,
  }),
  analyticsRespondents: resultCall({
    path: ANALYTICS_ROUTES.respondents,
    summary: 'The respondents (sessions), newest first, paged',
    body: respondentsRequest,
    response: respondentsResponse,
  }),
  analyticsTranscript: resultCall({
    path: ANALYTICS_ROUTES.transcript,
    summary: "One respondent's chat",
    body: sessionRequest,
    response: transcriptResponse,
  }),
  analyticsDeleteRespondent: endpoint({
    method: 'POST',
    caller: 'author',
    dialog: 'analyse',
    tags,
    path: ANALYTICS_ROUTES.deleteRespondent,
    summary: "Delete one respondent's session with its messages and answers",
    body: sessionRequest,
    response: deleteRespondentResponse,
  }),
  analyticsMultichatSummary: endpoint({
    keyScope: 'read',
    method: 'POST',
    path: ANALYTICS_ROUTES.managerSummary,
    caller: 'author',
    tags,
    summary: 'Players, progress through the game and a summary per connected dialog',
    body: managerAnalyticsRequest,
    response: managerSummaryResponse,
    errors: apiErrors(404),
  }),
  excelExport: endpoint({
    keyScope: 'export',
    method: 'POST',
    path: ANALYTICS_ROUTES.export,
    caller: 'fresh_author',
    tags,
    summary: 'Export (SPEC §7): the file itself, xlsx or csv, as an attachment',
    description:
      'Needs a fresh token (401 "Fresh token required" otherwise). xlsx: a sheet Antworten (one row ' +
      'per respondent, one column per input block, follow-ups in "<Spalte> (Nachfrage)") and a sheet ' +
      'Zusammenfassung per dialog (numbered for a multi-dialog chat). csv: the Antworten sheet of one ' +
      "dialog, UTF-8 with BOM, ';' separated. Streamed.",
    body: exportRequest,
    response: exportFileResponse,
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
    errors: apiErrors(404),
  }),
};
