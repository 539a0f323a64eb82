import type { Block } from '../../contract/blocks.ts';
import type { Classification, RoutingSource } from '../../contract/chat.ts';
import { INBOX_MARGIN, NONE_BRANCH } from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import { answerAt, insertInboxEntry } from './example-queries.ts';
import { currentModelVersion, modelOfVersion } from './model-queries.ts';
import { classifySemantic, type RoutingModel } from './semantic.ts';

/**
 * The chat engine's classifier seam for free-text blocks with a trained model. A chat routes by the
 * model its dialog's version pinned (server/versions); without pins, a turn reads which model version is
 * current (one small query). The model itself is parsed once per process and version. An
 * answer the model is sure enough of takes the predicted branch; below the block's threshold, or when
 * 'keiner davon' wins, it takes the none route. Answers routed with a confidence below threshold +
 * INBOX_MARGIN go into the training inbox, so the author can teach the model with real answers.
 * Blocks without a model keep the engine's label matching. Embeddings and the language model (when
 * configured) are asked before the turn's transaction (semantic-routing.ts); their decision reaches the
 * turn as a PreparedRouting, and an answer it does not match is routed by the model alone.
 */

type Db = AppContext['db'];
type OpenTextBlock = Extract<Block, { type: 'open_text' }>;

const MAX_MODELS = 500;

// Parsed models per app database (tests run several apps in one process), least recently loaded first.
const caches = new WeakMap<object, Map<string, { version: number; model: RoutingModel }>>();

/** A block's model of a version, parsed once per process (models never change once done). */
async function modelAt(
  cacheKey: object,
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  version: number,
) {
  let cache = caches.get(cacheKey);
  if (!cache) {
    cache = new Map();
    caches.set(cacheKey, cache);
  }
  const key = `${surveyId}:${uniqueQuestionId}:${version}`;
  const hit = cache.get(key) ?? {
    version,
    model: JSON.parse(await modelOfVersion(db, surveyId, uniqueQuestionId, version)) as RoutingModel,
  };
  cache.delete(key);
  cache.set(key, hit);
  if (cache.size > MAX_MODELS) cache.delete(cache.keys().next().value!);
  return hit.model;
}

/** A model a dialog's version pinned (server/versions): its version and the threshold set then. */
export interface PinnedModel {
  version: number;
  threshold: number | null;
}

/** The block's model: the pinned one when pins are given (none pinned: none), else the newest finished. */
export async function blockModel(
  cacheKey: object,
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  pins: ReadonlyMap<string, PinnedModel> | undefined,
) {
  const row = pins ? pins.get(uniqueQuestionId) : await currentModelVersion(db, surveyId, uniqueQuestionId);
  if (!row) return undefined;
  const threshold = row.threshold === null ? undefined : Number(row.threshold);
  const model = await modelAt(cacheKey, db, surveyId, uniqueQuestionId, row.version);
  return { model, threshold, version: row.version };
}

/**
 * A free-text answer's routing decided before the turn's transaction (semantic-routing.ts): for this
 * block, text, model version and threshold only.
 */
export interface PreparedRouting {
  surveyId: number;
  uniqueQuestionId: string;
  text: string;
  version: number;
  threshold: number;
  /** The branch label, or null for 'keiner davon'. */
  label: string | null;
  confidence: number;
  source: RoutingSource;
  /** The language model's short reason when it decided (source 'llm'). */
  reason?: string;
  /** The inbox's suggestion (as Routed.branch below), and the confidence that decides whether it goes there. */
  guess: string | null;
  unsureConfidence: number;
}

interface Routed {
  unique_question_id: string;
  text: string;
  /** The model's top guess (NONE_BRANCH when the none class won; null: a label the block lost). */
  branch: string | null;
  confidence: number;
}

/** The inbox's suggestion for a ranking's top label: NONE_BRANCH for the none class, null for a label the block lost. */
export function inboxGuess(model: RoutingModel, options: readonly string[], top: string | undefined) {
  if (top === undefined) return null;
  if (top === model.noneLabel) return NONE_BRANCH;
  return options.includes(top) ? top : null;
}

export interface TrainedRouting {
  /** The chat engine's classify seam (server/chat/engine). */
  env: { classify?: (block: OpenTextBlock, answer: string) => Classification | undefined };
  /** After the turn's answers are written: puts the answers routed with low confidence into the inbox. */
  afterTurn(db: Db, turn: { sessionId: number; surveyId: number; now: number }): Promise<void>;
}

const NO_ROUTING: TrainedRouting = { env: {}, afterTurn: async () => {} };

/**
 * The routing for an answer to this block: the trained model's when it has one, or the decision
 * prepared before the transaction for its text. pins: the models the chat's version of the dialog
 * pinned (absent: the newest finished). Reads through `db` (the turn's transaction); models are cached
 * per app database (ctx.db).
 */
export async function trainedRouting(
  ctx: Pick<AppContext, 'db'>,
  db: Db,
  surveyId: number,
  block: Block | undefined,
  pins?: ReadonlyMap<string, PinnedModel>,
  prepared: PreparedRouting | null = null,
): Promise<TrainedRouting> {
  if (block?.type !== 'open_text' || block.options.length === 0) return NO_ROUTING;
  let loaded: Awaited<ReturnType<typeof blockModel>>;
  try {
    loaded = await blockModel(ctx.db, db, surveyId, block.unique_question_id, pins);
  } catch {
    // A model this version cannot read must not stop the chat: label matching routes instead.
    return NO_ROUTING;
  }
  if (!loaded) return NO_ROUTING;
  const { model, threshold: stored, version } = loaded;
  const threshold = stored ?? model.thresholds.threshold;
  const routed: Routed[] = [];
  type Decision = Pick<
    PreparedRouting,
    'label' | 'confidence' | 'source' | 'reason' | 'guess' | 'unsureConfidence'
  >;
  const decide = (b: OpenTextBlock, text: string): Decision => {
    const p = prepared;
    if (
      p !== null &&
      p.surveyId === surveyId &&
      p.uniqueQuestionId === b.unique_question_id &&
      p.text === text &&
      p.version === version &&
      p.threshold === threshold
    ) {
      return p;
    }
    // Without a prepared decision (none configured, or the chat moved on meanwhile): the model alone.
    const result = classifySemantic(model, text, undefined, threshold);
    return {
      label: result.label,
      confidence: result.confidence,
      source: result.source,
      // The inbox suggests the model's top guess, also when it was too unsure to route there.
      guess: inboxGuess(model, b.options, result.ranking[0]?.label),
      unsureConfidence: result.confidence,
    };
  };
  const classifyAnswer = (b: OpenTextBlock, text: string): Classification | undefined => {
    if (b.unique_question_id !== block.unique_question_id) return undefined;
    const d = decide(b, text);
    const index = d.label === null || d.label === NONE_BRANCH ? -1 : b.options.indexOf(d.label);
    routed.push({
      unique_question_id: b.unique_question_id,
      text,
      branch: d.guess,
      confidence: d.unsureConfidence,
    });
    return {
      branch: index === -1 ? null : index,
      confidence: d.confidence,
      source: d.source,
      reason: d.reason,
    };
  };
  return {
    env: { classify: classifyAnswer },
    async afterTurn(tx, turn) {
      for (const r of routed) {
        if (r.confidence >= threshold + INBOX_MARGIN) continue;
        const answer = await answerAt(tx, turn.sessionId, r.unique_question_id, turn.now);
        await insertInboxEntry(tx, {
          survey_id: turn.surveyId,
          unique_question_id: r.unique_question_id,
          answer_id: answer?.id ?? null,
          text: r.text,
          branch: r.branch,
          confidence: r.confidence,
          flagged: 0,
          resolved_at: null,
          created_at: turn.now,
        });
      }
    },
  };
}
