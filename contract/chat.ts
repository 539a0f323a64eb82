import { z } from 'zod';
import { nodeIdSchema, QUESTION_BLOCK_TYPES } from './blocks.ts';
import { ANSWER_MAX_LENGTH, SUPPORTED_LANGUAGES } from './constants.ts';
import { DU_SIE, surveyIdSchema } from './dialogs.ts';
import { ERROR_TITLES } from './errors.ts';
import { hiddenValuesSchema } from './hidden-fields.ts';
import { testVersionSchema } from './versions.ts';

/**
 * The chat calls (ARCHITECTURE.md "The API": chat turns), the client config and language calls and
 * restart_delete (SPEC §7), shared by the server and the chat screens.
 *
 * A message entry has exactly the fields of SPEC §3's local chat history:
 * - context: bot entries hold ONE chat bubble in the text-content encoding (text-content.ts): a text,
 *   image/audio/video, link or file item, preceded by a `#ms#` delay item when the author put a delay
 *   before it (the client shows the typing indicator that long). {{variable}} chips are already filled
 *   in. User entries hold the respondent's answer as plain text: never decode it, show it as text.
 * - created_on: epoch ms of the turn that produced the entry.
 * - type: bot entries: the block type ('message', 'single_choice', …) for a block's own text, or one of
 *   BOT_ENTRY_TYPES; user entries: the input type with the suffix -r ('single_choice-r', 'nachfrage-r').
 * - unique_question_id: the block the entry belongs to; null for the welcome and ending texts.
 * - nachfrage_id: on a follow-up question and its answer, the id of the block whose follow-up it is.
 * - current_question_id: on bot entries that ask for input (question texts, follow-ups, hints after a
 *   wrong answer, Q&A replies), the block whose answer is awaited next.
 * - finished_question_id: on the user entry that completes a block (its valid answer, or the answer to
 *   its follow-up), that block's id.
 * - user_or_bot: 'user' or 'bot'.
 */

export const CHAT_RESPONSE_SUFFIX = '-r';

/** Bot entry types that are not a block type. */
export const BOT_ENTRY_TYPES = [
  'welcome',
  'ending',
  'reaction',
  'acknowledgement',
  'nachfrage',
  'invalid',
  'qa_answer',
] as const;

/** The fields of a history entry, as SPEC's chat history names them (and the server's message columns). */
export const CHAT_MESSAGE_FIELDS = [
  'context',
  'created_on',
  'type',
  'unique_question_id',
  'nachfrage_id',
  'current_question_id',
  'finished_question_id',
  'user_or_bot',
] as const satisfies readonly (keyof ChatMessage)[];

export const chatMessageSchema = z.object({
  context: z.string(),
  created_on: z.number().int(),
  type: z.string(),
  unique_question_id: z.string().nullable(),
  nachfrage_id: z.string().nullable(),
  current_question_id: z.string().nullable(),
  finished_question_id: z.string().nullable(),
  user_or_bot: z.enum(['user', 'bot']),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * What the respondent is asked for next. Choice types answer with an option label (multiple_choice with
 * a list of labels); likert with a label of options (the last one is 'keine Angabe' when likert_na is
 * 1); number with a number or a text like "3,5"; date with "JJJJ-MM-TT" or "TT.MM.JJJJ"; the free-text
 * types (open_text, email, nachfrage, gpt) with text; qa with a question, or with options[0] (or
 * "weiter") to move on.
 */
export const CHAT_INPUT_TYPES = [...QUESTION_BLOCK_TYPES, 'nachfrage', 'gpt', 'qa'] as const;
export type ChatInputType = (typeof CHAT_INPUT_TYPES)[number];

const flag = z.union([z.literal(0), z.literal(1)]);

export const chatInputSchema = z.object({
  type: z.enum(CHAT_INPUT_TYPES),
  /** Send it back with the answer. */
  unique_question_id: z.string(),
  /** Set while the block's follow-up is asked; send it back with the answer. */
  nachfrage_id: z.string().nullable(),
  /** Counts the answers of the session; send it back so a repeated request is refused (409). */
  turn: z.number().int(),
  options: z.array(z.string()),
  min: z.number().nullable(),
  max: z.number().nullable(),
  integer: flag,
  min_date: z.string().nullable(),
  max_date: z.string().nullable(),
  likert_na: flag,
  placeholder: z.string(),
  /**
   * The question is optional ('Antwort freiwillig'): the label of the button that skips it (answer
   * with skip: true); null: it must be answered.
   */
  skip: z.string().nullable(),
  /** The dialog's progress indicator: 0 to 100, never lower than before; null: the dialog shows none. */
  progress: z.number().nullable(),
});
export type ChatInput = z.infer<typeof chatInputSchema>;

/** A free-text input without options or bounds: where every input starts before its type adds its own. */
export function openTextInput(uniqueQuestionId: string, turn: number, placeholder: string): ChatInput {
  return {
    type: 'open_text',
    unique_question_id: uniqueQuestionId,
    nachfrage_id: null,
    turn,
    options: [],
    min: null,
    max: null,
    integer: 0,
    min_date: null,
    max_date: null,
    likert_na: 0,
    placeholder,
    skip: null,
    progress: null,
  };
}

/**
 * Every chat call answers with this. start and history: the whole history; answer: the new entries.
 * redirect: a finished chat whose end redirects (contract/end-redirect.ts): the address with its values
 * filled in, and the seconds to wait after the last message; absent otherwise.
 */
export const chatTurnResponse = z.object({
  messages: z.array(chatMessageSchema),
  input: chatInputSchema.nullable(),
  finished: z.boolean(),
  redirect: z.object({ url: z.string(), delay_s: z.number().int() }).optional(),
});
export type ChatTurnResponse = z.infer<typeof chatTurnResponse>;

export const chatStartRequest = z.object({
  survey_id: surveyIdSchema,
  /** The link's parameters for the dialog's hidden fields (contract/hidden-fields.ts); others are ignored. */
  hidden: hiddenValuesSchema,
  /** The assessment chat only (author token): start on the working copy or the published version. */
  version: testVersionSchema.optional(),
});
export const chatHistoryRequest = z.object({ survey_id: surveyIdSchema });

export const chatAnswerRequest = z.object({
  survey_id: surveyIdSchema,
  unique_question_id: nodeIdSchema,
  nachfrage_id: nodeIdSchema.nullable().optional(),
  turn: z.number().int().min(0).optional(),
  /** Skips an optional question (ChatInput.skip); the answer is then ignored. */
  skip: z.boolean({ error: 'muss true oder false sein' }).optional(),
  answer: z.union(
    [
      z.string().max(ANSWER_MAX_LENGTH, `höchstens ${ANSWER_MAX_LENGTH} Zeichen`),
      z.number().finite(),
      z.array(z.string().max(500, 'höchstens 500 Zeichen')).max(50, 'höchstens 50 Antworten'),
    ],
    { error: 'muss ein Text, eine Zahl oder eine Liste von Texten sein' },
  ),
});
export type ChatAnswerRequest = z.infer<typeof chatAnswerRequest>;

/** 409 of chat/answer: the question is no longer the current one (double click, second tab). */
export const NOT_CURRENT_QUESTION_MSG =
  'Diese Frage wurde bereits beantwortet oder ist nicht mehr aktuell. Der Verlauf wird neu geladen.';

/**
 * The most messages one chat stores. A dialog's longest honest chat stays far below it (Q&A questions and
 * GPT follow-ups included); a script that keeps sending answers, valid or refused, is stopped there with
 * 429 CHAT_TOO_LONG_MSG instead of filling the database. Restarting begins a new chat.
 */
export const MAX_CHAT_MESSAGES = 10_000;
export const CHAT_TOO_LONG_MSG =
  'Dieser Chat hat seine größtmögliche Länge erreicht. Weitere Antworten werden nicht mehr gespeichert.';

/**
 * 403 of the chat calls with a live token that was not registered for this dialog (or whose data was
 * deleted): the live client registers anew for the dialog (POST /api/register_live) and retries.
 */
export const LIVE_NOT_REGISTERED_TITLE = ERROR_TITLES.liveNotRegistered;

// ---------------------------------------------------------------- restart_delete (SPEC §4, §7)

export const restartDeleteRequest = z.object({
  survey_id: surveyIdSchema,
  action: z.enum(['restart', 'delete'], { error: "action: muss 'restart' oder 'delete' sein" }),
  /** true: the live participant (live token); false: the author's test chat (author token). */
  live: z.boolean(),
  /** restart of the assessment chat only: the new chat's version, as in chat/start. */
  version: testVersionSchema.optional(),
});
export type RestartDeleteRequest = z.infer<typeof restartDeleteRequest>;
export const restartDeleteResponse = z.object({ msg: z.literal('success') });

// ---------------------------------------------------------------- get_config (SPEC §3 client config)

export const getConfigQuery = z.object({ survey_id: surveyIdSchema });
export const clientConfigSchema = z.object({
  config: z.object({
    accent_color: z.string(),
    logo_src: z.string(),
    avatar_src: z.string(),
    avatar_name: z.string(),
    video_messages: z.boolean(),
    audio_messages: z.boolean(),
    background_image: z.string(),
  }),
  survey_id: z.string(),
  survey_id_int: z.number().int(),
  survey_name: z.string(),
  messenger_ui: z.string(),
  avatar_name: z.string(),
  background_link: z.string(),
  speed: z.number(),
  /** The dialog allows respondents' feedback (a stored setting; false unless set). */
  feedback_allowed: z.boolean(),
  /** The dialog's Trainieren module is on: the assessment chat may mark wrongly routed answers. */
  training_mode: z.boolean(),
  /**
   * The dialog is live (SPEC §3 active). false: the live chat calls answer 403 "Dialog ist nicht mehr
   * aktiv.", so the respondent screens say that the dialog has ended before asking for consent (nothing
   * is registered); the assessment chat works either way.
   */
  active: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

// ---------------------------------------------------------------- get_survey_language (SPEC §3)

export const surveyLanguageRequest = z.object({ survey_id: surveyIdSchema });
export const navBarFragmentsSchema = z.object({
  restart: z.string(),
  delete: z.string(),
  privacy: z.string(),
  restart_pop_up: z.object({
    header: z.string(),
    text: z.string(),
    btn_back: z.string(),
    btn_restart: z.string(),
  }),
  delete_pop_up: z.object({
    header: z.string(),
    text: z.string(),
    btn_back: z.string(),
    btn_delete: z.string(),
  }),
});
export type NavBarFragments = z.infer<typeof navBarFragmentsSchema>;
export const surveyLanguageResponse = z.object({
  nav_bar_information: z.object({
    navar_language_fragments: navBarFragmentsSchema,
    language: z.enum(SUPPORTED_LANGUAGES),
    /** The dialog's form of address (setting du_sie), for the texts the respondent screens add. */
    du_sie: z.enum(DU_SIE),
  }),
});
export type SurveyLanguageResponse = z.infer<typeof surveyLanguageResponse>;

/** A dialog's form of address in German (setting du_sie): the bot's own texts and the model's follow it. */
export type Address = (typeof DU_SIE)[number];

/**
 * A free-text answer's branch as a trained classifier routes it (server/training/router.ts), handed to
 * the chat engine through its classify seam.
 */
export interface Classification {
  /** Index into the block's options (branches), or null for 'none'. */
  branch: number | null;
  confidence: number;
  /** What decided; absent: the trained model ('model'). */
  source?: RoutingSource;
  /** The language model's short reason, when it decided. */
  reason?: string;
}
export type RestartDeleteResponse = z.infer<typeof restartDeleteResponse>;

/**
 * What routed a free-text answer, stored with it: the block's trained model, matching the branch names
 * (no model trained), and later embeddings or a language model.
 */
export const ROUTING_SOURCES = ['model', 'labels', 'embeddings', 'llm'] as const;
export type RoutingSource = (typeof ROUTING_SOURCES)[number];

/**
 * A free-text answer's routing as stored with it (answers.branch, confidence, routing_source), shown to
 * authors only: the branch ('none' for 'keiner davon'), the confidence, what decided and, when a
 * language model decided, its short reason.
 */
export const routedSchema = z.object({
  branch: z.string(),
  confidence: z.number(),
  source: z.enum(ROUTING_SOURCES),
  reason: z.string().optional(),
});
export type Routed = z.infer<typeof routedSchema>;
