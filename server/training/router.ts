import type { Block } from '../../contract/blocks.ts';
import type { Classification } from '../../contract/chat.ts';
import { INBOX_MARGIN, NONE_BRANCH } from '../../contract/training.ts';
import type { AppContext } from '../context.ts';
import { classify, type NluModel } from './classifier.ts';
import { answerAt, insertInboxEntry } from './example-queries.ts';
import { currentModelVersion, modelOfVersion } from './model-queries.ts';

/**
 * The chat engine's classifier seam for free-text blocks with a trained model. A chat routes by the
 * model its dialog's version pinned (server/versions); without pins, a turn reads which model version is
 * current (one small query). The model itself is parsed once per process and version. An
 * answer the model is sure enough of takes the predicted branch; below the block's threshold, or when
 * 'keiner davon' wins, it takes the none route. Answers routed with a confidence below threshold +
 * INBOX_MARGIN go into the training inbox, so the author can teach the model with real answers.
 * Blocks without a model keep the engine's label matching.
 */

type Db = AppContext['db'];
type OpenTextBlock = Extract<Block, { type: 'open_text' }>;

const MAX_MODELS = 500;

// Parsed models per app database (tests run several apps in one process), least recently loaded first.
const caches = new WeakMap<object, Map<string, { version: number; model: NluModel }>>();

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
    model: JSON.parse(await modelOfVersion(db, surveyId, uniqueQuestionId, version)) as NluModel,
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
async function blockModel(
  cacheKey: object,
  db: Db,
  surveyId: number,
  uniqueQuestionId: string,
  pins: ReadonlyMap<string, PinnedModel> | undefined,
) {
  const row = pins ? pins.get(uniqueQuestionId) : await currentModelVersion(db, surveyId, uniqueQuestionId);
  if (!row) return undefined;
  const threshold = row.threshold === null ? undefined : Number(row.threshold);
  return { model: await modelAt(cacheKey, db, surveyId, uniqueQuestionId, row.version), threshold };
}

interface Routed {
  unique_question_id: string;
  text: string;
  /** The model's top guess (NONE_BRANCH when the none class won; null: a label the block lost). */
  branch: string | null;
  confidence: number;
}

export interface TrainedRouting {
  /** The chat engine's classify seam (server/chat/engine). */
  env: { classify?: (block: OpenTextBlock, answer: string) => Classification | undefined };
  /** After the turn's answers are written: puts the answers routed with low confidence into the inbox. */
  afterTurn(db: Db, turn: { sessionId: number; surveyId: number; now: number }): Promise<void>;
}

const NO_ROUTING: TrainedRouting = { env: {}, afterTurn: async () => {} };

/**
 * The routing for an answer to this block: the trained model's when it has one. pins: the models the
 * chat's version of the dialog pinned (absent: the newest finished). Reads through `db` (the turn's
 * transaction); models are cached per app database (ctx.db).
 */
export async function trainedRouting(
  ctx: Pick<AppContext, 'db'>,
  db: Db,
  surveyId: number,
  block: Block | undefined,
  pins?: ReadonlyMap<string, PinnedModel>,
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
  const { model, threshold: stored } = loaded;
  const threshold = stored ?? model.thresholds.threshold;
  const routed: Routed[] = [];
  const classifyAnswer = (b: OpenTextBlock, text: string): Classification | undefined => {
    if (b.unique_question_id !== block.unique_question_id) return undefined;
    const result = classify(model, text, { threshold });
    const index =
      result.label === null || result.label === NONE_BRANCH ? -1 : b.options.indexOf(result.label);
    const branch = index === -1 ? null : index;
    // The inbox suggests the model's top guess, also when it was too unsure to route there.
    const top = result.ranking[0]?.label;
    const guess =
      top === undefined ? null : top === model.noneLabel ? NONE_BRANCH : b.options.includes(top) ? top : null;
    routed.push({
      unique_question_id: b.unique_question_id,
      text,
      branch: guess,
      confidence: result.confidence,
    });
    return { branch, confidence: result.confidence };
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
