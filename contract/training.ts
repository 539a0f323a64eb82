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
export const DUPLICATE_EXAMPLE_MSG = 'Dieses Beispiel gibt es in dieser Verzweigung schon.';
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
});
export type TrainingMetrics = z.infer<typeof metricsSchema>;

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
   * name) that decides unsure answers when one is configured. Absent: the trained model alone.
   */
  routing: z.object({ embeddings: z.string().nullable(), llm: z.string().nullable() }).optional(),
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
