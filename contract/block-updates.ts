import { z } from 'zod';
import { blockSchema, blockTypeSchema, fieldJumpSchema, nodeIdSchema } from './blocks.ts';
import { surveyIdSchema } from './dialogs.ts';

/**
 * POST /api/update_survey_blocks (SPEC §7): create, update, delete, recreate and order one block; and the
 * count of a block's stored answers that the configurator asks before a delete.
 */

// ---------------------------------------------------------------- update_survey_blocks (SPEC §7)

/** Expected version of the block (stale-write detection); omitted = no check. */
const expectedVersion = z.number().int().min(1).optional();

/**
 * An incoming jump that delete set to null (a rule on a hidden field: removed); recreate can put it
 * back (exact undo of a delete).
 */
export const jumpRefSchema = z.object({
  unique_question_id: nodeIdSchema,
  field: z.enum(['jump_to_ids', 'jump_to_question', 'field_jumps']),
  /** The option index for jump_to_ids, the rule's place for field_jumps, null for jump_to_question. */
  index: z.number().int().min(0).max(49).nullable(),
  /** field_jumps: the removed rule's field and value (its target is the block put back). */
  rule: fieldJumpSchema.pick({ field: true, value: true }).optional(),
});
export type JumpRef = z.infer<typeof jumpRefSchema>;

export const createBlockRequest = z.object({
  survey_id: surveyIdSchema,
  action: z.literal('create'),
  type: blockTypeSchema,
  /** Insert at this order (1-based); without order and source_node_id the block is appended. */
  order: z.number().int().min(1).optional(),
  /** Insert right after this block or marker, placed below it in the graph. */
  source_node_id: nodeIdSchema.optional(),
});

export const updateBlockRequest = z.object({
  survey_id: surveyIdSchema,
  action: z.literal('update'),
  unique_question_id: nodeIdSchema,
  /** Exactly one key: a field of editableKeys(type), or position (also for start/end markers). */
  changed_values: z
    .record(z.string(), z.unknown())
    .refine((v) => Object.keys(v).length === 1, 'muss genau ein Feld enthalten'),
  version: expectedVersion,
});

export const deleteBlockRequest = z.object({
  survey_id: surveyIdSchema,
  action: z.literal('delete'),
  unique_question_id: nodeIdSchema,
  version: expectedVersion,
});

/**
 * Re-inserts a block with all its fields at the top level (context, nachfrage, likert_na,
 * acknowledgement and the optional fields of its type; missing ones take the type's defaults). Used for
 * undo of delete (same id back, restore_jumps from the delete response) and for copy (an id already in
 * use gets a new one).
 */
export const recreateBlockRequest = z.looseObject({
  survey_id: surveyIdSchema,
  action: z.literal('recreate'),
  unique_question_id: nodeIdSchema,
  type: blockTypeSchema,
  order: z.number().int().min(1).optional(),
  created_on: z.number().int().min(0).optional(),
  restore_jumps: z.array(jumpRefSchema).max(500).optional(),
});

export const orderBlockRequest = z.object({
  survey_id: surveyIdSchema,
  action: z.literal('order'),
  unique_question_id: nodeIdSchema,
  /** Swap the block with the one at this order. */
  order: z.number().int().min(1),
  version: expectedVersion,
});

export const updateSurveyBlocksRequest = z.discriminatedUnion(
  'action',
  [createBlockRequest, updateBlockRequest, deleteBlockRequest, recreateBlockRequest, orderBlockRequest],
  { error: "action: muss 'create', 'update', 'delete', 'recreate' oder 'order' sein" },
);
export type UpdateSurveyBlocksRequest = z.infer<typeof updateSurveyBlocksRequest>;

export const updateSurveyBlocksResponse = z.object({
  msg: z.literal('success'),
  /** The created, recreated, updated, deleted or moved block. */
  unique_question_id: z.string(),
  /** The dialog's version after the write. */
  version: z.number().int(),
  /**
   * Blocks whose fields changed, as they are now: the created/recreated/updated block, the two swapped
   * blocks, and blocks whose jumps delete repaired. Order shifts of other blocks are not listed (create
   * and delete reload the dialog).
   */
  blocks: z.array(blockSchema),
  /** delete: the jumps of other blocks that pointed at the deleted block and are now null. */
  repaired_jumps: z.array(jumpRefSchema),
});
export type UpdateSurveyBlocksResponse = z.infer<typeof updateSurveyBlocksResponse>;

// ---------------------------------------------------------------- answer_count (asked before a delete)

/** GET /api/surveys/{id}/blocks/{question_id}/answer_count */
export const answerCountParams = z.object({ id: surveyIdSchema, question_id: nodeIdSchema });
/**
 * How many chats stored an answer to a block (its answer, a follow-up or a GPT turn), live and test
 * apart: what Analyse and the export stop showing when the block is deleted. Counts only, no contents.
 */
export const answerCountResponse = z.object({
  unique_question_id: z.string(),
  live: z.number().int().min(0),
  test: z.number().int().min(0),
});
export type AnswerCount = z.infer<typeof answerCountResponse>;

export { STALE_BLOCK_MSG } from './labels.ts';
/** 409 of a stale write: the block as it is now, so the editor can show it. */
export const staleBlockResponse = z.object({ title: z.string(), msg: z.string(), block: blockSchema });
