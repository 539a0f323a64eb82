import type { Block } from '../../contract/blocks.ts';
import { NONE_BRANCH } from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import { LlmBusyError, type LlmProvider } from '../llm/provider.ts';
import { NONE_REPLY, type RoutingReply, routingMessages, routingReplySchema } from '../llm/routing-prompt.ts';
import { type Example, isNoneLabel } from './classifier.ts';
import { listExamples } from './example-queries.ts';
import { blockModel, inboxGuess, type PinnedModel, type PreparedRouting } from './router.ts';
import { classifySemantic, type RoutingModel, unsureOf } from './semantic.ts';

/**
 * The network part of routing a free-text answer, done before the turn's transaction (turn-pipeline.ts)
 * so that no turn holds the database while a model server thinks:
 * 1. the block's model has a semantic part (trained with embeddings, weight above 0) and embeddings are
 *    configured with the same model: the answer is embedded and mixed in (semantic.ts, source
 *    'embeddings');
 * 2. a language model is configured and the decision is unsure: turned away to 'keiner davon' by the
 *    threshold, margin or familiarity, or taken with a confidence that would put the answer into the
 *    inbox (below threshold + INBOX_MARGIN, the none class's win too): the language model decides from
 *    the question, the branches and their examples (source 'llm').
 * Each step that fails (error, timeout, busy) leaves the decision before it: the classifier's. Without
 * either service configured nothing is read and nothing leaves the server.
 */

type OpenTextBlock = Extract<Block, { type: 'open_text' }>;

export interface RoutingRequest {
  surveyId: number;
  block: OpenTextBlock;
  /** The answer as the engine classifies it (trimmed). */
  text: string;
  /** The models the chat's version of the dialog pinned (router.ts blockModel). */
  pins?: ReadonlyMap<string, PinnedModel>;
}

/** The language model's branch: a branch of the block, null for none, undefined for a name it made up. */
function replyBranch(reply: RoutingReply, options: readonly string[]): string | null | undefined {
  const said = reply.branch.trim();
  if (isNoneLabel(said) || said.toLowerCase() === NONE_REPLY) return null;
  return options.find((o) => o === said) ?? options.find((o) => o.toLowerCase() === said.toLowerCase());
}

export interface Adjudication {
  purpose: string;
  question: string;
  options: readonly string[];
  /** The block's examples; those of a none label ('none', 'None', 'keiner davon') show what fits none. */
  examples: readonly Example[];
  answer: string;
}

/**
 * The language model's decision on an answer: a branch, or null for 'keiner davon'; undefined when it
 * failed, was busy (every place of LLM_MAX_PARALLEL taken: a chat is not refused for it) or named no
 * branch of the block.
 */
export async function askLanguageModel(
  llm: LlmProvider,
  a: Adjudication,
): Promise<{ label: string | null; confidence: number; reason?: string } | undefined> {
  const examplesOf = (keep: (label: string) => boolean) =>
    a.examples.filter((e) => keep(e.label)).map((e) => e.text);
  let reply: RoutingReply | undefined;
  try {
    reply = await llm.chatJson({
      purpose: a.purpose,
      schema: routingReplySchema,
      messages: routingMessages({
        question: a.question,
        branches: a.options.map((name) => ({ name, examples: examplesOf((l) => l === name) })),
        noneExamples: examplesOf(isNoneLabel),
        answer: a.answer,
      }),
    });
  } catch (error) {
    if (error instanceof LlmBusyError) return undefined;
    throw error;
  }
  if (reply === undefined) return undefined;
  const label = replyBranch(reply, a.options);
  if (label === undefined) return undefined;
  const reason = reply.reason.trim();
  return { label, confidence: reply.confidence ?? 1, ...(reason === '' ? {} : { reason }) };
}

async function adjudicate(ctx: AppContext, llm: LlmProvider, request: RoutingRequest) {
  const { block, surveyId, text } = request;
  const rows = await listExamples(ctx.db, surveyId, block.unique_question_id);
  return askLanguageModel(llm, {
    purpose: `routing ${block.unique_question_id}`,
    question: block.context,
    options: block.options,
    examples: rows.map((r) => ({ label: r.branch, text: r.text })),
    answer: text,
  });
}

/** The answer's routing decided with the configured services; null when the block has no model or none is configured. */
export async function prepareRouting(
  ctx: AppContext,
  request: RoutingRequest,
): Promise<PreparedRouting | null> {
  if (ctx.embedder === null && ctx.llm === null) return null;
  const { block, surveyId, text } = request;
  if (block.options.length === 0) return null;
  const loaded = await blockModel(ctx.db, ctx.db, surveyId, block.unique_question_id, request.pins);
  if (!loaded) return null;
  const model: RoutingModel = loaded.model;
  const threshold = loaded.threshold ?? model.thresholds.threshold;
  const s = model.semantic;
  const vector =
    s && s.weight > 0 && ctx.embedder?.model === s.model
      ? (await ctx.embedder.embed(`routing ${block.unique_question_id}`, [text]))?.[0]
      : undefined;
  const result = classifySemantic(model, text, vector, threshold);
  const base: PreparedRouting = {
    surveyId,
    uniqueQuestionId: block.unique_question_id,
    text,
    version: loaded.version,
    threshold,
    label: result.label,
    confidence: result.confidence,
    source: result.source,
    guess: inboxGuess(model, block.options, result.ranking[0]?.label),
    unsureConfidence: result.confidence,
  };
  if (ctx.llm === null || !unsureOf(model, result, threshold)) return base;
  const decided = await adjudicate(ctx, ctx.llm, request);
  if (!decided) return base;
  return {
    ...base,
    label: decided.label,
    confidence: decided.confidence,
    source: 'llm',
    reason: decided.reason,
    // The inbox then suggests what the language model chose; the answer stays there for the author to confirm.
    guess: decided.label ?? NONE_BRANCH,
  };
}
