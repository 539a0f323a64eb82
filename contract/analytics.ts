import { z } from 'zod';
import { blockTypeSchema, nodeIdSchema } from './blocks.ts';
import { chatMessageSchema } from './chat.ts';
import { surveyIdSchema } from './dialogs.ts';
import { rowIdSchema as idSchema } from './fields.ts';
import { hiddenFieldNameSchema, hiddenValueSchema } from './hidden-value-schemas.ts';
import { blockWordingSchema, versionFilterSchema } from './versions.ts';

/**
 * The Analyse module's calls (issue 8; SPEC §7 lists only POST /api/excel_export, the rest is ours):
 * headline figures, drop-off and per-block results of one dialog or of the dialogs of a multi-dialog
 * chat, answers tables, cross-tabulation, transcripts, deleting a respondent, and the export.
 * Every figure is computed in SQL over the sessions that pass the filters.
 */

/** Epoch milliseconds, between 1970 and 2100. */
const msSchema = z
  .number({ error: 'muss ein Zeitpunkt in Millisekunden sein' })
  .int('muss ganzzahlig sein')
  .min(0, 'ungültig')
  .max(4_102_444_800_000, 'ungültig');

/** Which sessions count: respondents on the public link (live), authors' assessment chats (test), or both. */
export const ANALYTICS_MODES = ['live', 'test', 'all'] as const;
export type AnalyticsMode = (typeof ANALYTICS_MODES)[number];

export const ANSWER_FILTER_MAX = 10;

export const answerFilterSchema = z.object({
  unique_question_id: nodeIdSchema,
  value: z.string({ error: 'muss ein Text sein' }).max(2000, 'höchstens 2000 Zeichen'),
  /** true: the session skipped the block (value is then ignored) instead of giving that answer. */
  skipped: z.boolean({ error: 'muss true oder false sein' }).optional(),
});
export type AnswerFilter = z.infer<typeof answerFilterSchema>;

/** A session started with this value of a hidden field (issue 22). */
export const hiddenFilterSchema = z.object({ name: hiddenFieldNameSchema, value: hiddenValueSchema });
export type HiddenFilter = z.infer<typeof hiddenFilterSchema>;

/**
 * Filters that apply to every figure. from/to bound the session's start (from inclusive, to
 * exclusive); the web app turns the date presets into them. tz_offset_minutes is the author's offset
 * from UTC (as Date.getTimezoneOffset() negated: +60 for CET), so that days are the author's days.
 * answer_equals: the session gave this answer (value; for multiple choice one of the chosen options).
 * hidden_equals: the session started with this value of a hidden field (from its link).
 */
export const analyticsFiltersSchema = z
  .object({
    mode: z.enum(ANALYTICS_MODES).default('live'),
    from: msSchema.nullable().default(null),
    to: msSchema.nullable().default(null),
    finished_only: z.boolean({ error: 'muss true oder false sein' }).default(false),
    answer_equals: z
      .array(answerFilterSchema)
      .max(ANSWER_FILTER_MAX, `höchstens ${ANSWER_FILTER_MAX} Filter`)
      .default([]),
    hidden_equals: z
      .array(hiddenFilterSchema)
      .max(ANSWER_FILTER_MAX, `höchstens ${ANSWER_FILTER_MAX} Filter`)
      .default([]),
    tz_offset_minutes: z
      .number({ error: 'muss eine Zahl sein' })
      .int('muss ganzzahlig sein')
      .min(-840, 'ungültig')
      .max(840, 'ungültig')
      .default(0),
    /** Only sessions that ran on this version of the dialog (contract/versions.ts); absent: all versions. */
    version: versionFilterSchema,
  })
  .refine((f) => f.from === null || f.to === null || f.from < f.to, {
    message: 'from muss vor to liegen',
    path: ['to'],
  });
export type AnalyticsFilters = z.infer<typeof analyticsFiltersSchema>;
export type AnalyticsFiltersInput = z.input<typeof analyticsFiltersSchema>;

export const surveyAnalyticsRequest = z.object({
  survey_id: surveyIdSchema,
  filters: analyticsFiltersSchema.default({
    mode: 'live',
    from: null,
    to: null,
    finished_only: false,
    answer_equals: [],
    hidden_equals: [],
    tz_offset_minutes: 0,
  }),
});
export type SurveyAnalyticsRequest = z.input<typeof surveyAnalyticsRequest>;

// ------------------------------------------------------------------------------------------- figures

export const headlineSchema = z.object({
  started: z.number().int(),
  finished: z.number().int(),
  /** finished / started, 0..1; null when nobody started. */
  completion_rate: z.number().nullable(),
  /** Of finished sessions: finished_at - started_at. */
  duration_median_ms: z.number().nullable(),
  duration_mean_ms: z.number().nullable(),
  /** Sessions of the other mode(s) that the mode filter hides (e.g. test chats when mode is live). */
  hidden_other_mode: z.number().int(),
});
export type Headline = z.infer<typeof headlineSchema>;

export const countSchema = z.object({
  label: z.string(),
  count: z.number().int(),
  /** count / respondents who answered the block, 0..1. */
  share: z.number(),
});

export const blockResultSchema = z.discriminatedUnion('kind', [
  /** single_choice, multiple_choice (share of respondents; several options per respondent). */
  z.object({ kind: z.literal('choice'), respondents: z.number().int(), options: z.array(countSchema) }),
  z.object({
    kind: z.literal('likert'),
    respondents: z.number().int(),
    /** Scale points in order, with their score (inverse items scored reversed). */
    options: z.array(countSchema.extend({ score: z.number().int() })),
    /** 'keine Angabe' answers: shown apart, left out of mean and sd. */
    not_applicable: z.number().int(),
    inverse: z.boolean(),
    mean: z.number().nullable(),
    sd: z.number().nullable(),
  }),
  z.object({
    kind: z.literal('number'),
    respondents: z.number().int(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    mean: z.number().nullable(),
    median: z.number().nullable(),
    /**
     * Equal-width bins from min to max, `from` included and `to` not (the last bin includes max). A
     * whole-number block (integer 1) has bins of whole numbers with both bounds included instead:
     * 45–290, 291–536, … (one bin per number when there are ten or fewer, from === to).
     */
    histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  }),
  z.object({
    kind: z.literal('date'),
    respondents: z.number().int(),
    earliest: z.string().nullable(),
    latest: z.string().nullable(),
    /** Answers per month, JJJJ-MM. */
    per_month: z.array(z.object({ month: z.string(), count: z.number().int() })),
  }),
  /** open_text, email, gpt, qa: the answers come from POST /api/analytics/answers. */
  z.object({
    kind: z.literal('text'),
    respondents: z.number().int(),
    answers: z.number().int(),
    /** Free text routed by branches: answers per branch (label, or null for 'keiner davon'). */
    branches: z.array(z.object({ branch: z.string().nullable(), count: z.number().int() })),
  }),
  /** Blocks without input (message, link, media, end). */
  z.object({ kind: z.literal('none') }),
]);
export type BlockResult = z.infer<typeof blockResultSchema>;

export const blockSummarySchema = z.object({
  unique_question_id: z.string(),
  type: blockTypeSchema,
  /** short_name, else the block's text shortened, each {{variable}} written [variable]. */
  label: z.string(),
  variable: z.string(),
  /** Sessions that were shown the block. */
  reached: z.number().int(),
  /** Sessions that answered it (blocks without input: 0). */
  answered: z.number().int(),
  /** Sessions that skipped it (an optional question, 'Übersprungen'): neither answered nor left. */
  skipped: z.number().int(),
  /** Unfinished sessions whose last shown block it is. */
  left: z.number().int(),
  /** Median time from the block being shown to its answer. */
  time_median_ms: z.number().nullable(),
  /** Answers to the block's follow-up (nachfrage). */
  followups: z.number().int(),
  result: blockResultSchema,
  /** The block's wordings when they differed between versions, each with its versions (issue 21). */
  wordings: z.array(blockWordingSchema).optional(),
});
export type BlockSummary = z.infer<typeof blockSummarySchema>;

export const dayCountSchema = z.object({
  /** JJJJ-MM-TT in the author's time zone. */
  day: z.string(),
  started: z.number().int(),
  finished: z.number().int(),
});

export const surveySummaryResponse = z.object({
  survey_id: z.string(),
  survey_name: z.string(),
  headline: headlineSchema,
  /** In dialog order. */
  blocks: z.array(blockSummarySchema),
  per_day: z.array(dayCountSchema),
  /** The version numbers the dialog's sessions (of the mode) ran on, for the version filter. */
  versions: z.array(z.number().int()).optional(),
});
export type SurveySummaryResponse = z.infer<typeof surveySummaryResponse>;

// ------------------------------------------------------------------------------------ answers table

export const ANSWERS_PAGE_SIZE_MAX = 200;

/** The page of a paged table (answers, respondents), from 0. */
const pagingShape = {
  page: z
    .number({ error: 'muss eine Zahl sein' })
    .int('muss ganzzahlig sein')
    .min(0)
    .max(1_000_000)
    .default(0),
  page_size: z
    .number({ error: 'muss eine Zahl sein' })
    .int('muss ganzzahlig sein')
    .min(1, 'mindestens 1')
    .max(ANSWERS_PAGE_SIZE_MAX, `höchstens ${ANSWERS_PAGE_SIZE_MAX}`)
    .default(25),
};

export const answersRequest = surveyAnalyticsRequest.extend({
  unique_question_id: nodeIdSchema,
  search: z.string({ error: 'muss ein Text sein' }).max(200, 'höchstens 200 Zeichen').default(''),
  ...pagingShape,
});
export type AnswersRequest = z.input<typeof answersRequest>;

export const answerRowSchema = z.object({
  session_id: z.number().int(),
  value: z.string(),
  branch: z.string().nullable(),
  confidence: z.number().nullable(),
  /** The answer to the block's follow-up in the same session, if any. */
  followup: z.string().nullable(),
  created_on: z.number(),
});
export const answersResponse = z.object({ total: z.number().int(), rows: z.array(answerRowSchema) });
export type AnswersResponse = z.infer<typeof answersResponse>;

// ------------------------------------------------------------------------------------ cross-tab

export const crosstabRequest = surveyAnalyticsRequest.extend({
  row_question_id: nodeIdSchema,
  column_question_id: nodeIdSchema,
});
export type CrosstabRequest = z.input<typeof crosstabRequest>;

export const crosstabResponse = z.object({
  rows: z.array(z.string()),
  columns: z.array(z.string()),
  /** counts[r][c]: sessions that answered rows[r] and columns[c]. */
  counts: z.array(z.array(z.number().int())),
  /**
   * The 'Gesamt' column: per row, the sessions that answered rows[r] (and the column block). Each
   * session once: with a multiple choice as the column block it is not the sum of the row's cells,
   * which counts a session once per option it chose (mentions).
   */
  row_totals: z.array(z.number().int()),
  /** The 'Gesamt' row: per column, the sessions that answered columns[c] (and the row block). */
  column_totals: z.array(z.number().int()),
  /** Sessions that answered both blocks. */
  total: z.number().int(),
});
export type CrosstabResponse = z.infer<typeof crosstabResponse>;

// ------------------------------------------------------------------------- respondents, transcript

export const respondentsRequest = surveyAnalyticsRequest.extend(pagingShape);
export type RespondentsRequest = z.input<typeof respondentsRequest>;

export const respondentSchema = z.object({
  /** The session's id: the key of the transcript and delete calls. */
  session_id: z.number().int(),
  /**
   * The respondent's running number in the dialog ('Nr.'): 1 for the session that started first (then
   * by id), live respondents and test chats counted apart. A deleted session's successors move up.
   */
  number: z.number().int(),
  mode: z.enum(['live', 'test']),
  started_at: z.number(),
  finished_at: z.number().nullable(),
  /** The blocks answered (a multiple choice once, however many options); follow-ups are not counted. */
  answers: z.number().int(),
});
export const respondentsResponse = z.object({
  total: z.number().int(),
  rows: z.array(respondentSchema),
});
export type RespondentsResponse = z.infer<typeof respondentsResponse>;

export const sessionRequest = z.object({ survey_id: surveyIdSchema, session_id: idSchema });
export type SessionRequest = z.infer<typeof sessionRequest>;

export const transcriptResponse = z.object({
  respondent: respondentSchema,
  messages: z.array(chatMessageSchema),
});
export type TranscriptResponse = z.infer<typeof transcriptResponse>;

/** POST /api/analytics/delete_respondent (sessionRequest): the session, its messages and answers are gone. */
export const deleteRespondentResponse = z.object({ msg: z.literal('success') });

// ------------------------------------------------------------------------------- multi-dialog chats

export const managerAnalyticsRequest = z.object({
  dialog_manager_id: idSchema,
  filters: surveyAnalyticsRequest.shape.filters,
});
export type ManagerAnalyticsRequest = z.input<typeof managerAnalyticsRequest>;

export const managerSummaryResponse = z.object({
  dialog_manager_id: z.number().int(),
  name: z.string(),
  game_title: z.string(),
  /** Players: participants registered for the game (register_live_list) or who chatted in it. */
  players: z.number().int(),
  /** How far players got: per connected dialog in game order, players who started and finished it. */
  progress: z.array(
    z.object({
      survey_id: z.string(),
      survey_name: z.string(),
      started: z.number().int(),
      finished: z.number().int(),
    }),
  ),
  /** The connected dialogs the caller may analyse, each summarised as by POST /api/analytics/summary. */
  dialogs: z.array(surveySummaryResponse),
});
export type ManagerSummaryResponse = z.infer<typeof managerSummaryResponse>;

// ------------------------------------------------------------------------------------------ export

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * POST /api/excel_export (SPEC §7, payload ours): one dialog (survey_id) or the dialogs of a
 * multi-dialog chat (dialog_manager_id), with the filters. Needs a fresh token (SPEC §8). The response
 * is the file itself (attachment), streamed.
 */
export const exportRequest = z
  .object({
    survey_id: surveyIdSchema.optional(),
    dialog_manager_id: idSchema.optional(),
    format: z.enum(EXPORT_FORMATS).default('xlsx'),
    filters: surveyAnalyticsRequest.shape.filters,
  })
  .refine((r) => (r.survey_id === undefined) !== (r.dialog_manager_id === undefined), {
    message: 'genau eines von survey_id und dialog_manager_id angeben',
    path: ['survey_id'],
  });
export type ExportRequest = z.input<typeof exportRequest>;

/** The export's answer: the file itself, xlsx or csv (no JSON); the web receives it as a Blob. */
export const exportFileResponse = z.custom<Blob>().meta({ type: 'string', format: 'binary' });

/** The paths of the Analyse calls (their endpoints: contract/endpoints/analytics.ts). */
export const ANALYTICS_ROUTES = {
  summary: '/api/analytics/summary',
  answers: '/api/analytics/answers',
  crosstab: '/api/analytics/crosstab',
  respondents: '/api/analytics/respondents',
  transcript: '/api/analytics/transcript',
  deleteRespondent: '/api/analytics/delete_respondent',
  managerSummary: '/api/analytics/multichat_summary',
  export: '/api/excel_export',
} as const;
