import type { Block } from '../../contract/blocks.ts';
import { INBOX_MARGIN, NONE_BRANCH } from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import { LlmBusyError } from '../llm/provider.ts';
import { NONE_REPLY, type RoutingReply, routingMessages, routingReplySchema } from '../llm/routing-prompt.ts';
import { isNoneLabel } from './classifier.ts';
import { listExamples } from './example-queries.ts';
import { currentModel, inboxGuess, type PreparedRouting } from './router.ts';
import { classifySemantic, type RoutingModel } from './semantic.ts';

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
}

/** The language model's branch: a branch of the block, NONE_BRANCH for none, undefined for a name it made up. */
function replyBranch(reply: RoutingReply, options: readonly string[]): string | null | undefined {
  const said = reply.branch.trim();
  if (isNoneLabel(said) || said.toLowerCase() === NONE_REPLY) return null;
  return options.find((o) => o === said) ?? options.find((o) => o.toLowerCase() === said.toLowerCase());
}

async function adjudicate(
  ctx: AppContext,
  request: RoutingRequest,
): Promise<{ label: string | null; confidence: number } | undefined> {
  const llm = ctx.llm;
  if (llm === null) return undefined;
  const { block, surveyId, text } = request;
  const rows = await listExamples(ctx.db, surveyId, block.unique_question_id);
  const examplesOf = (branch: string) => rows.filter((r) => r.branch === branch).map((r) => r.text);
  let reply: RoutingReply | undefined;
  try {
    reply = await llm.chatJson({
      purpose: `routing ${block.unique_question_id}`,
      schema: routingReplySchema,
      messages: routingMessages({
        question: block.context,
        branches: block.options.map((name) => ({ name, examples: examplesOf(name) })),
        noneExamples: examplesOf(NONE_BRANCH),
        answer: text,
      }),
    });
  } catch (error) {
    // Every place of LLM_MAX_PARALLEL taken: the classifier's decision stands (a chat is not refused for it).
    if (error instanceof LlmBusyError) return undefined;
    throw error;
  }
  if (reply === undefined) return undefined;
  const label = replyBranch(reply, block.options);
  if (label === undefined) return undefined;
  return { label, confidence: reply.confidence ?? 1 };
}

/** The answer's routing decided with the configured services; null when the block has no model or none is configured. */
export async function prepareRouting(
  ctx: AppContext,
  request: RoutingRequest,
): Promise<PreparedRouting | null> {
  if (ctx.embedder === null && ctx.llm === null) return null;
  const { block, surveyId, text } = request;
  if (block.options.length === 0) return null;
  const loaded = await currentModel(ctx.db, ctx.db, surveyId, block.unique_question_id);
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
  const turnedAway = result.label === null && result.ranking[0]?.label !== model.noneLabel;
  if (!turnedAway && result.confidence >= threshold + INBOX_MARGIN) return base;
  const decided = await adjudicate(ctx, request);
  if (!decided) return base;
  return {
    ...base,
    label: decided.label,
    confidence: decided.confidence,
    source: 'llm',
    // The inbox then suggests what the language model chose; the answer stays there for the author to confirm.
    guess: decided.label ?? NONE_BRANCH,
  };
}
