import { z } from 'zod';
import { LIMITS, nodeIdSchema } from './blocks.ts';
import { routedSchema } from './chat.ts';
import { surveyIdSchema } from './dialogs.ts';
import { rowIdSchema as idSchema, MAX_ID, requiredText } from './fields.ts';

/**
 * The Trainieren module's calls (issue 6): examples per branch of a free-text block, background
 * training with cross-validated metrics, a confidence threshold per block, the inbox of answers to learn
 * from, the block's jumps (SPEC §7 trainingdata_jumps) and GPT exit conditions (SPEC §7).
 * A branch is named by its option label, or NONE_BRANCH for 'keiner davon'.
 */

export const NONE_BRANCH = 'none';
export const NONE_LABEL = 'keiner davon';
/** Examples per branch the author should reach (hint below), and the number that is good. */
export const MIN_EXAMPLES = 3;
export const GOOD_EXAMPLES = 10;
/** Answers routed with a confidence below threshold + this margin are put into the inbox. */
export const INBOX_MARGIN = 0.15;
export const EXAMPLE_MAX = 1000;
export const DUPLICATE_EXAMPLE_MSG = 'Dieses Beispiel gibt es in diesem Zweig schon.';
export const CONDITION_MAX = 5000;

const branchSchema = requiredText(LIMITS.option);
const exampleText = requiredText(EXAMPLE_MAX);

export const blockRequest = z.object({ survey_id: surveyIdSchema, unique_question_id: nodeIdSchema });
export type BlockRequest = z.infer<typeof blockRequest>;

/**
 * A branch holds a text once: adding (or editing an example into) a text that the branch has already,
 * normalised as the duplicate warning does, is refused with 409 and DUPLICATE_EXAMPLE_MSG. Assigning an
 * inbox entry whose text the branch has already resolves the entry without adding it again.
 */
export const addExampleRequest = blockRequest.extend({ branch: branchSchema, text: exampleText });
export type AddExampleRequest = z.infer<typeof addExampleRequest>;

/** Many examples at once: at most this many rows, and this much text. */
export const IMPORT_MAX_ROWS = 2000;
export const IMPORT_MAX_CHARS = 500_000;
export const IMPORT_FORMATS = ['lines', 'csv'] as const;

/**
 * Many examples at once (POST /api/training/import_examples): `lines`, one example per line into
 * `branch`; or `csv`, rows `label,text` under that header (`;` also) into the block's branches ('keiner
 * davon' or 'none' for the none branch). With dry_run nothing is saved: the answer says what would be.
 * A bad row (unreadable, empty, too long, a label that is no branch) refuses the whole import with 400
 * naming `text` and the row's line.
 */
export const importExamplesRequest = blockRequest
  .extend({
    format: z.enum(IMPORT_FORMATS),
    branch: branchSchema.optional(),
    text: z
      .string()
      .min(1, 'darf nicht leer sein')
      .max(IMPORT_MAX_CHARS, `höchstens ${IMPORT_MAX_CHARS} Zeichen`),
    dry_run: z.boolean(),
  })
  .refine((v) => v.format !== 'lines' || v.branch !== undefined, {
    path: ['branch'],
    message: 'für format lines angeben',
  });
export type ImportExamplesRequest = z.infer<typeof importExamplesRequest>;

/**
 * Each row read, in order: 'new'; 'duplicate' when its branch holds the same text already (or an earlier
 * row brought it), skipped; 'similar' when an example of any branch is the same or nearly the same (a
 * typo, articles), added all the same. `like`: the example it repeats or resembles.
 */
export const IMPORT_ROW_STATUSES = ['new', 'duplicate', 'similar'] as const;
export const importExamplesResponse = z.object({
  rows: z.array(
    z.object({
      line: z.number().int(),
      branch: z.string(),
      text: z.string(),
      status: z.enum(IMPORT_ROW_STATUSES),
      like: z.object({ branch: z.string(), text: z.string() }).nullable(),
    }),
  ),
  /** Examples saved (0 with dry_run). */
  added: z.number().int(),
});
export type ImportExamplesResponse = z.infer<typeof importExamplesResponse>;

export const updateExampleRequest = z
  .object({
    survey_id: surveyIdSchema,
    id: idSchema,
    text: exampleText.optional(),
    branch: branchSchema.optional(),
  })
  .refine((v) => v.text !== undefined || v.branch !== undefined, { message: 'text oder branch angeben' });
export type UpdateExampleRequest = z.infer<typeof updateExampleRequest>;

export const idRequest = z.object({ survey_id: surveyIdSchema, id: idSchema });
export type IdRequest = z.infer<typeof idRequest>;

export const exampleSchema = z.object({ id: z.number().int(), text: z.string() });
export const branchExamplesSchema = z.object({
  branch: z.string(),
  label: z.string(),
  examples: z.array(exampleSchema),
  count: z.number().int(),
  /** Empty when the branch has GOOD_EXAMPLES or more. */
  hint: z.string(),
});
export const examplesResponse = z.object({
  branches: z.array(branchExamplesSchema),
  none: branchExamplesSchema,
  /** The same or nearly the same example (after normalisation) in two or more branches. */
  duplicates: z.array(z.object({ text: z.string(), branches: z.array(z.string()) })),
});
export type ExamplesResponse = z.infer<typeof examplesResponse>;

export const exampleResponse = z.object({ msg: z.literal('success'), id: z.number().int() });
export const successResponse = z.object({ msg: z.literal('success') });

export const TRAINING_STATUSES = ['needs_training', 'training', 'done', 'failed'] as const;
export const metricsSchema = z.object({
  accuracy: z.number(),
  per_branch: z.array(z.object({ branch: z.string(), precision: z.number(), recall: z.number() })),
  confusion: z.object({ labels: z.array(z.string()), matrix: z.array(z.array(z.number())) }),
  misrouted: z.array(z.object({ text: z.string(), expected: z.string(), predicted: z.string() })),
  /**
   * Per example of the cross-validation (branch names as above): its best-ranked branch `top`, taken at
   * every threshold up to `limit`, and 'keiner davon' above it; so the screen shows what the threshold
   * slider does to the author's examples while it moves (routeAt). Metrics stored before have none.
   */
  routes: z.array(z.object({ expected: z.string(), top: z.string(), limit: z.number() })).optional(),
});
export type TrainingMetrics = z.infer<typeof metricsSchema>;
export type ExampleRoute = NonNullable<TrainingMetrics['routes']>[number];

/** Where a cross-validated example goes at this threshold (metricsSchema.routes). */
export const routeAt = (route: ExampleRoute, threshold: number): string =>
  threshold <= route.limit ? route.top : NONE_BRANCH;

export const statusResponse = z.object({
  status: z.enum(TRAINING_STATUSES),
  progress: z.number(),
  /** Version of the newest model that finished training (0: none yet). */
  version: z.number().int(),
  metrics: metricsSchema.nullable(),
  threshold: z.number(),
  /**
   * What routes this block's answers besides its trained model (issue 19): embeddings (their model's
   * name) when the newest model mixes them in and they are configured, and the language model (its
   * name) that decides unsure answers when one is configured; whether the trained model reads German
   * words with the dictionary and the thesaurus (synonyms). Absent: the trained model alone.
   */
  routing: z
    .object({
      embeddings: z.string().nullable(),
      llm: z.string().nullable(),
      synonyms: z.boolean().optional(),
    })
    .optional(),
});
export type StatusResponse = z.infer<typeof statusResponse>;

export const trainResponse = z.object({ msg: z.literal('success'), version: z.number().int() });

export const setThresholdRequest = blockRequest.extend({
  threshold: z.number({ error: 'muss eine Zahl sein' }).min(0, 'mindestens 0').max(1, 'höchstens 1'),
});
export type SetThresholdRequest = z.infer<typeof setThresholdRequest>;

export const inboxRequest = z.object({
  survey_id: surveyIdSchema,
  unique_question_id: nodeIdSchema.optional(),
});
export type InboxRequest = z.infer<typeof inboxRequest>;
export const inboxItemSchema = z.object({
  id: z.number().int(),
  unique_question_id: z.string(),
  text: z.string(),
  /**
   * flagged: the branch the author expected (null: not said); otherwise the model's top guess, also when
   * it was too unsure to route there (NONE_BRANCH when 'keiner davon' won). An answer has at most one
   * open entry: flagging an unsure answer turns its entry into a flagged one.
   */
  branch: z.string().nullable(),
  confidence: z.number().nullable(),
  flagged: z.boolean(),
  created_at: z.number(),
  /**
   * Where the answer was routed in the chat: its branch (NONE_BRANCH: 'keiner davon'), the confidence
   * and what decided (RoutingSource). null: the entry names no stored answer, or one stored before
   * routing sources were kept.
   */
  routed: routedSchema.nullable().optional(),
});
export const inboxResponse = z.object({ items: z.array(inboxItemSchema) });
export type InboxResponse = z.infer<typeof inboxResponse>;
export const assignInboxRequest = idRequest.extend({ branch: branchSchema });
export type AssignInboxRequest = z.infer<typeof assignInboxRequest>;

export const jumpSchema = z.object({
  /** The option label, or NONE_BRANCH. */
  branch: z.string(),
  label: z.string(),
  target: z.string().nullable(),
  reaction: z.string(),
});
export const jumpsResponse = z.array(jumpSchema);
export const jumpsParams = z.object({ id: surveyIdSchema, question_id: nodeIdSchema });

export const conditionText = requiredText(CONDITION_MAX);
export const createConditionRequest = z.object({
  unique_question_id: nodeIdSchema,
  condition: conditionText,
});
export const updateConditionRequest = z.object({ condition: conditionText });
export const conditionParams = z.object({ id: surveyIdSchema });
export const conditionIdParams = z.object({
  id: surveyIdSchema,
  conditionId: z.coerce
    .number({ error: 'muss eine Zahl sein' })
    .int('muss ganzzahlig sein')
    .min(1, 'ungültig')
    .max(MAX_ID, 'ungültig'),
});
export const conditionResponse = z.object({
  id: z.number().int(),
  survey_id: z.string(),
  unique_question_id: z.string(),
  condition: z.string(),
});
export type ConditionResponse = z.infer<typeof conditionResponse>;
