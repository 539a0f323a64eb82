import type { ChatMessage } from '../../contract/chat.ts';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import {
  gptMessages,
  gptReplySchema,
  qaMessages,
  qaReplySchema,
  TRANSCRIPT_LIMIT,
  transcript,
} from '../llm/prompts.ts';
import { LlmBusyError, type LlmProvider } from '../llm/provider.ts';
import type { EngineEnv, GptReply, GptRequest, PreparedDialog, QaRequest } from './engine/types.ts';
import { recentMessages } from './queries.ts';

/**
 * The language model's part of a chat turn, done before the turn's transaction, so that no turn holds the
 * database (on SQLite: the group commit of every chat) while it waits for the network. The engine runs
 * as a dry run whose env notes the first reply it lacks; that one is fetched and the dry run repeats,
 * since a reply can lead to another block that wants one. Only the first is fetched each time: requests
 * after it were made on the fallback path that its reply may well change, so fetching them would send
 * the respondent's words for nothing (and take places of LLM_MAX_PARALLEL from other chats). The real
 * turn then looks the replies up; should the chat have moved on in between, its requests differ, find
 * nothing, and the blocks fall back as without a model.
 */

/**
 * Where a block's request belongs: its dialog (the version the session plays) with its GPT exit
 * conditions, the dialog's id, and its session (null: a new one).
 */
export interface BlockOwner {
  dialog: PreparedDialog;
  /** Per gpt block, the exit conditions' texts of the version (server/versions/content.ts). */
  exitConditions: ReadonlyMap<string, readonly string[]>;
  /** The dialog's id (gpt_exit_conditions.survey_id). */
  surveyId: number;
  /** The session whose stored entries are the conversation so far; null for a new one. */
  sessionId: number | null;
}

/** Requests per turn: a gpt block judged done can lead on to another gpt block, and that one to a third. */
const MAX_REQUESTS = 3;

const gptKey = (r: GptRequest) => JSON.stringify(['gpt', r.block.unique_question_id, r.step, r.answer]);
const qaKey = (r: QaRequest) => JSON.stringify(['qa', r.block.unique_question_id, r.question]);

/** What the model is asked, from what it needs to know; ownerOf finds the dialog of a request's block. */
function asker(ctx: AppContext, llm: LlmProvider, ownerOf: (blockId: string) => BlockOwner | undefined) {
  const stored = new Map<number, Promise<ChatMessage[]>>();
  const history = (sessionId: number | null) => {
    if (sessionId === null) return Promise.resolve([]);
    let messages = stored.get(sessionId);
    if (!messages) {
      messages = recentMessages(ctx.db, sessionId, TRANSCRIPT_LIMIT);
      stored.set(sessionId, messages);
    }
    return messages;
  };
  const conversation = async (owner: BlockOwner, turn: readonly ChatMessage[], latest: string | null) =>
    transcript([
      ...(await history(owner.sessionId)),
      ...turn,
      ...(latest === null ? [] : [{ user_or_bot: 'user' as const, context: latest }]),
    ]);
  return {
    async gpt(r: GptRequest): Promise<GptReply | undefined> {
      const owner = ownerOf(r.block.unique_question_id);
      if (!owner) return undefined;
      const conditions = [...(owner.exitConditions.get(r.block.unique_question_id) ?? [])];
      const text = await conversation(owner, r.messages, r.answer);
      return llm.chatJson({
        purpose: `gpt follow-up ${r.block.unique_question_id} step ${r.step}`,
        schema: gptReplySchema,
        messages: gptMessages({
          language: owner.dialog.language,
          du_sie: owner.dialog.du_sie,
          instruction: r.block.context,
          conditions,
          conversation: text,
          step: r.step,
        }),
      });
    },
    async qa(r: QaRequest): Promise<string | null | undefined> {
      const owner = ownerOf(r.block.unique_question_id);
      if (!owner) return undefined;
      const reply = await llm.chatJson({
        purpose: `qa answer ${r.block.unique_question_id}`,
        schema: qaReplySchema,
        messages: qaMessages({
          language: owner.dialog.language,
          du_sie: owner.dialog.du_sie,
          question: r.question,
          pairs: r.pairs,
          conversation: await conversation(owner, [], null),
        }),
      });
      return reply?.answer;
    },
  };
}

/** The model's seams of a turn: what the engine asks, answered from the replies fetched before. */
export type AiEnv = Pick<EngineEnv, 'gpt' | 'qa'>;

/**
 * The replies a turn needs, by dry runs of it (dryRun runs the turn with the given seams and discards
 * the result); see the top of this file. A full LLM_MAX_PARALLEL answers 503 server_busy.
 */
async function fetchReplies(
  ctx: AppContext,
  llm: LlmProvider,
  ownerOf: (blockId: string) => BlockOwner | undefined,
  dryRun: (ai: AiEnv) => void,
): Promise<AiEnv> {
  const ask = asker(ctx, llm, ownerOf);
  // A failed request keeps its key (value undefined), so it is not asked again in the next round.
  const replies = new Map<string, unknown>();
  const found: Required<AiEnv> = {
    gpt: (r) => replies.get(gptKey(r)) as GptReply | undefined,
    qa: (r) => replies.get(qaKey(r)) as string | null | undefined,
  };
  for (let round = 0; round < MAX_REQUESTS; round++) {
    let wanted: { key: string; fetch: () => Promise<unknown> } | undefined;
    const note = <R>(key: string, fetch: () => Promise<unknown>, known: R) => {
      if (!wanted && !replies.has(key)) wanted = { key, fetch };
      return known;
    };
    dryRun({
      gpt: (r) => note(gptKey(r), () => ask.gpt(r), found.gpt(r)),
      qa: (r) => note(qaKey(r), () => ask.qa(r), found.qa(r)),
    });
    if (!wanted) break;
    try {
      replies.set(wanted.key, await wanted.fetch());
    } catch (error) {
      if (error instanceof LlmBusyError)
        throw new ApiError(503, ERROR_TITLES.serverBusy, MESSAGES.serverBusy);
      throw error;
    }
  }
  return found;
}

/**
 * The model's seams of a turn, answered from replies fetched by dry runs of it (see the top of this file):
 * owners lists the dialogs whose blocks may ask (a game's requests can come from any of its dialogs), and
 * dryRun plays the turn with the given seams and discards the result. {} when no model is configured or
 * no dialog has a block that uses one, so nothing is sent anywhere.
 */
export async function fetchAiReplies(
  ctx: AppContext,
  owners: readonly BlockOwner[],
  dryRun: (ai: AiEnv) => void,
): Promise<AiEnv> {
  const llm = ctx.llm;
  if (llm === null || !owners.some((o) => o.dialog.usesLlm)) return {};
  return fetchReplies(ctx, llm, (blockId) => owners.find((o) => o.dialog.byId.has(blockId)), dryRun);
}
