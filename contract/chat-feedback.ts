import { z } from 'zod';
import { LIMITS, nodeIdSchema } from './blocks.ts';
import { CHAT_RESPONSE_SUFFIX, routedSchema } from './chat.ts';
import { surveyIdSchema } from './dialogs.ts';
import { rowIdSchema } from './fields.ts';

/**
 * POST /api/chat/flag_answer (assessment chat, 'test' capability): marks a routed free-text answer as
 * wrongly routed, so the training issue can learn from it. It puts the answer into training_inbox with
 * flagged = 1; branch holds the branch the author expected: an option label, or 'none' / 'keiner davon'
 * (stored as 'none'); null: not said. The answer is named either by answer_id, or by the block and the
 * seq of its entry in the caller's current test chat (the index of the entry in the history that
 * chat/start and chat/history return). An answer that has an open inbox entry already (flagged before,
 * or put there as unsure) gets that entry updated, flagged with the expected branch, instead of another.
 */
export const flagAnswerRequest = z
  .object({
    survey_id: surveyIdSchema,
    answer_id: rowIdSchema.optional(),
    unique_question_id: nodeIdSchema.optional(),
    seq: z.number().int().min(0).max(1_000_000).optional(),
    expected_branch: z
      .string()
      .trim()
      .min(1, 'darf nicht leer sein')
      .max(LIMITS.option, `höchstens ${LIMITS.option} Zeichen`)
      .nullable()
      .optional(),
  })
  .refine((v) => v.answer_id !== undefined || (v.unique_question_id !== undefined && v.seq !== undefined), {
    message: 'answer_id oder unique_question_id mit seq angeben',
  });
export type FlagAnswerRequest = z.infer<typeof flagAnswerRequest>;

export const flagAnswerResponse = z.object({ msg: z.literal('success'), inbox_id: z.number().int() });
export type FlagAnswerResponse = z.infer<typeof flagAnswerResponse>;

/**
 * POST /api/chat/flagged_answers (assessment chat, 'test' capability): the entries of the caller's
 * current test chat that were flagged, so a reloaded chat shows them flagged. seq as in flag_answer;
 * expected_branch as stored (an option label, 'none', or null: not said).
 */
export const flaggedAnswersRequest = z.object({ survey_id: surveyIdSchema });
export type FlaggedAnswersRequest = z.infer<typeof flaggedAnswersRequest>;

export const flaggedAnswersResponse = z.object({
  flags: z.array(z.object({ seq: z.number().int(), expected_branch: z.string().nullable() })),
});
export type FlaggedAnswersResponse = z.infer<typeof flaggedAnswersResponse>;

/**
 * POST /api/chat/routed_answers (assessment chat, 'test' capability): where each routed free-text answer
 * of the caller's current test chat went, by the seq of its entry (as in flag_answer): the branch
 * ('none': 'keiner davon'), the confidence and what decided. For author tokens only; chat turns never
 * carry it, so respondents never see it.
 */
export const routedAnswersRequest = flaggedAnswersRequest;
export const routedAnswersResponse = z.object({
  routes: z.array(routedSchema.extend({ seq: z.number().int() })),
});
export type RoutedAnswersResponse = z.infer<typeof routedAnswersResponse>;

/** The user entry type of a free-text answer in the chat history (CHAT_RESPONSE_SUFFIX appended). */
export const FLAGGABLE_ENTRY_TYPE = `open_text${CHAT_RESPONSE_SUFFIX}`;
