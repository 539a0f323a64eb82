import { z } from 'zod';
import { chatAnswerRequest, chatInputSchema, chatMessageSchema } from './chat.ts';
import { MAX_ID } from './fields.ts';
import { idSchema } from './managers.ts';

/**
 * Multi-dialog chats (issue 7, SPEC §3-§5): one chat that interleaves the dialogs connected to a dialog
 * manager, played by a live participant (/multi_live, /flow, /aufderflucht; live token registered for
 * every connected dialog with POST /api/register_live_list) or by an author in test mode (/multi; author
 * token with the 'test' capability on every connected dialog).
 *
 * Rules:
 * - A multi-chat session belongs to one caller and one manager; it holds one chat per connected dialog
 *   (each a chat session of its own, as in the single chat). Exactly one dialog is active at a time: the
 *   one whose question `input` asks. The game starts in the dialog marked init_survey, else in the first
 *   by order.
 * - Triggers (contract/managers.ts) steer it: a block with waitFor is held before it is shown until the
 *   target question is done; after a block with moveTo is done the chat goes on at the target block of
 *   the other dialog; after a block with waitAPI is done the game waits (`waiting` true, `input` null)
 *   until an external system calls POST /api/trigger_api/{trigger_id}, then goes on at the target.
 * - When the active dialog is held, has handed over (moveTo), or has ended, the chat goes on in the first
 *   dialog by order that can go on (a dialog held earlier whose targets are now done, or one that handed
 *   over, at the place it left), else in the first dialog not yet begun; when none can go on and no
 *   waitAPI is pending the game is finished (`finished` true).
 * - Every message carries the survey_id of the dialog it belongs to (the bot's avatar and look follow
 *   it) and its `id`; messages are ordered by id, one order across all dialogs. `after_id` is the id of
 *   the last message of the session (0 when there is none); the client keeps it for /wait.
 * - The language model is not used in multi-dialog chats: a gpt block asks its fixed follow-up, a qa
 *   block answers from its pairs by search.
 *
 * Errors: 400 for a malformed body (German message naming the field); 401 without a valid token; 403
 * "Dialog ist nicht mehr aktiv." (live) when a connected dialog is inactive; 403 live_not_registered
 * when the live token is not registered for every connected dialog (register anew with
 * register_live_list for all of them and retry); 403 for an author without 'test' on every connected
 * dialog; 404 for an unknown manager or one without dialogs, and for history before start; 409
 * NOT_CURRENT_QUESTION_MSG (contract/chat.ts) for an answer that is not for the current input.
 */

export const multichatMessageSchema = chatMessageSchema.extend({
  /** chat_messages.id: one order across the dialogs of the session. */
  id: z.number().int(),
  /** The public id of the dialog the entry belongs to. */
  survey_id: z.string(),
});
export type MultichatMessage = z.infer<typeof multichatMessageSchema>;

/** The current question; send survey_id, unique_question_id, nachfrage_id and turn back with the answer. */
export const multichatInputSchema = chatInputSchema.extend({ survey_id: z.string() });
export type MultichatInput = z.infer<typeof multichatInputSchema>;

/**
 * Every multichat call answers with this. start, history and restart: the whole history; answer: the
 * entries of this turn (after the answer, as in the single chat); wait: the entries after after_id.
 */
export const multichatTurnResponse = z.object({
  messages: z.array(multichatMessageSchema),
  input: multichatInputSchema.nullable(),
  /** Every dialog ended or none can go on: the game is over. */
  finished: z.boolean(),
  /** The game waits for an external system (waitAPI); /wait returns as soon as it goes on. */
  waiting: z.boolean(),
  /** The id of the session's last message (0: none); send it to /wait. */
  after_id: z.number().int(),
});
export type MultichatTurnResponse = z.infer<typeof multichatTurnResponse>;

/** POST /api/multichat/start, /history and /restart. */
export const multichatRequest = z.object({ dialog_manager_id: idSchema });

/** POST /api/multichat/answer: the fields of chat/answer (survey_id: the input's dialog) plus the manager. */
export const multichatAnswerRequest = chatAnswerRequest.extend({ dialog_manager_id: idSchema });
export type MultichatAnswerRequest = z.infer<typeof multichatAnswerRequest>;

/**
 * POST /api/multichat/wait (long poll): answers at once when the session has messages after after_id,
 * else as soon as the chat goes on (an inbound trigger call, an answer in another tab, on any server
 * process), else after WAIT_SECONDS with no messages (the client calls again). The input, finished and
 * waiting fields are the current ones.
 */
export const multichatWaitRequest = z.object({
  dialog_manager_id: idSchema,
  after_id: z
    .number({ error: 'muss eine ganze Zahl ≥ 0 sein' })
    .int('muss ganzzahlig sein')
    .min(0, 'muss ≥ 0 sein')
    // Message ids are PostgreSQL integers: a larger one is refused here, by name, not by the database.
    .max(MAX_ID, 'zu groß'),
});
export type MultichatWaitRequest = z.infer<typeof multichatWaitRequest>;

/** How long one /wait call waits at most before it answers with no messages. */
export const WAIT_SECONDS = 25;

// ---------------------------------------------------------------- inbound waitAPI call

/** The header that carries a waitAPI trigger's secret (create_trigger / reset_trigger_secret). */
export const TRIGGER_SECRET_HEADER = 'x-trigger-secret';

export const triggerApiParams = z.object({
  trigger_id: z
    .string()
    .regex(/^\d{1,10}$/, 'muss eine positive ganze Zahl sein')
    .transform(Number)
    .pipe(z.number().int().min(1, 'ungültig').max(MAX_ID, 'ungültig')),
});

/**
 * POST /api/trigger_api/{trigger_id}: an external system releases the waitAPI step of one chat.
 * username_live: the live participant (as returned by register_live_list); user_id: an author's test
 * session instead. Exactly one of them.
 */
export const triggerApiRequest = z
  .object({
    username_live: z.string().min(1, 'darf nicht leer sein').max(100, 'höchstens 100 Zeichen').optional(),
    user_id: idSchema.optional(),
  })
  .refine((b) => (b.username_live === undefined) !== (b.user_id === undefined), {
    message: 'username_live oder user_id: genau eines von beiden angeben',
    path: ['username_live'],
  });
export type TriggerApiRequest = z.infer<typeof triggerApiRequest>;

export const triggerApiResponse = z.object({ msg: z.literal('success') });

/** 409 of trigger_api: the participant's chat is not waiting for this trigger (any more). */
export const NOT_WAITING_MSG = 'Der Chat wartet gerade nicht auf diesen Trigger.';
