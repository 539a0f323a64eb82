import { Worker } from 'node:worker_threads';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import type { StatusResponse, TrainingMetrics } from '../../contract/training.ts';
import { NONE_BRANCH } from '../../contract/training.ts';
import { llmModel } from '../config.ts';
import type { AppContext } from '../context.ts';
import { ApiError, badRequest, conflict } from '../http/errors.ts';
import { countTraining } from '../metrics/registry.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { type OpenTextContent, trainableBlock } from './branches.ts';
import { defaultThresholds, type NluModel } from './classifier.ts';
import { TOO_FEW_BRANCHES, TRAINING_RUNNING } from './errors.ts';
import { type Evaluation, NONE } from './evaluate.ts';
import { examplesHash, trainingSet } from './examples.ts';
import {
  insertModel,
  latestDoneModel,
  latestModelRow,
  modelMetrics,
  saveThreshold,
  storedThreshold,
  updateModel,
} from './model-queries.ts';
import type { RoutingModel } from './semantic.ts';
import { exampleVectors } from './semantic-training.ts';
import type { TrainJob, TrainMessage } from './train-worker.ts';

/**
 * Background training (POST /api/training/train) and its status. One training per block at a time runs
 * in a worker thread; training_models holds one row per version: 'training' while it runs, then 'done'
 * with the model and metrics, or 'failed'. The metrics row also keeps the hash of the examples it was
 * trained on, so the status says 'needs_training' once they change.
 */

type Db = AppContext['db'];

const FOLDS = 5;
const SEED = 1;
/**
 * The process running a training writes its progress and a heartbeat into the row this often; a
 * 'training' row without a heartbeat for STALE_MS belongs to a process that died (any process may then
 * train the block again).
 */
const HEARTBEAT_MS = 2_000;
const STALE_MS = 15_000;
const MISROUTED_SHOWN = 50;

/**
 * Running trainings of this process by database and block: what TRAINING_MAX_PARALLEL counts (this
 * machine's cores). Their progress is in the database, where every process reads it.
 */
const running = new WeakMap<object, Map<string, { progress: number }>>();

function jobsOf(db: Db) {
  let jobs = running.get(db);
  if (!jobs) {
    jobs = new Map();
    running.set(db, jobs);
  }
  return jobs;
}

const jobKey = (surveyId: number, uniqueQuestionId: string) => `${surveyId}:${uniqueQuestionId}`;

/** What training_models.metrics holds. */
interface StoredMetrics {
  examples_hash: string;
  metrics?: TrainingMetrics;
  error?: string;
}

function readMetrics(text: string): StoredMetrics {
  try {
    return JSON.parse(text) as StoredMetrics;
  } catch {
    return { examples_hash: '' };
  }
}

const branchName = (label: string) => (label === NONE ? NONE_BRANCH : label);

/** The metrics for the API, branches in the block's order and 'none' last (as the screen lists them). */
export function toMetrics(e: Evaluation, options: readonly string[]): TrainingMetrics {
  const order = [...options, NONE_BRANCH];
  const rank = (branch: string) => (order.includes(branch) ? order.indexOf(branch) : order.length);
  const names = e.confusion.labels.map(branchName);
  const at = names.map((_, i) => i).sort((a, b) => rank(names[a]!) - rank(names[b]!));
  const perBranch = e.perLabel.map((s) => ({
    branch: branchName(s.label),
    precision: s.precision,
    recall: s.recall,
  }));
  return {
    accuracy: e.accuracy,
    per_branch: perBranch.sort((a, b) => rank(a.branch) - rank(b.branch)),
    confusion: {
      labels: at.map((i) => names[i]!),
      matrix: at.map((i) => at.map((j) => e.confusion.matrix[i]![j]!)),
    },
    misrouted: e.misrouted
      .slice(0, MISROUTED_SHOWN)
      .map((m) => ({ text: m.text, expected: branchName(m.label), predicted: branchName(m.predicted) })),
    // Limits down to 4 decimals (a threshold of 4 decimals routes the same): the metrics stay small.
    routes: e.routes?.map((r) => ({
      expected: branchName(r.label),
      top: branchName(r.top),
      limit: Math.floor(r.limit * 1e4) / 1e4,
    })),
  };
}

/**
 * The worker's entry. The built server runs train-worker.js as it is; from source (tests, tsx) the worker
 * is TypeScript and starts through ts-worker.mjs, which registers tsx's loader in the worker's thread.
 */
function workerEntry(): { url: URL; argv: string[] } {
  if (!import.meta.url.endsWith('.ts'))
    return { url: new URL('./train-worker.js', import.meta.url), argv: [] };
  return {
    url: new URL('./ts-worker.mjs', import.meta.url),
    argv: [new URL('./train-worker.ts', import.meta.url).href],
  };
}

function runWorker(job: TrainJob, onProgress: (p: number) => void): Promise<TrainMessage> {
  const entry = workerEntry();
  return new Promise((resolve) => {
    const worker = new Worker(entry.url, { argv: entry.argv, workerData: job });
    // A training never keeps the process alive on shutdown.
    worker.unref();
    let result: TrainMessage | undefined;
    worker.on('message', (m: TrainMessage) => {
      if (m.kind === 'progress') onProgress(m.progress);
      else result = m;
    });
    worker.on('error', (error) => {
      result ??= { kind: 'failed', error: String(error) };
    });
    worker.on('exit', () => resolve(result ?? { kind: 'failed', error: 'Training abgebrochen' }));
  });
}

async function finish(
  ctx: AppContext,
  row: { id: number; hash: string; options: readonly string[] },
  result: TrainMessage,
) {
  const done = result.kind === 'done';
  countTraining(done ? 'done' : 'failed');
  const metrics: StoredMetrics = done
    ? { examples_hash: row.hash, metrics: toMetrics(result.evaluation, row.options) }
    : { examples_hash: row.hash, error: result.kind === 'failed' ? result.error : 'Training abgebrochen' };
  await updateModel(ctx.db, row.id, {
    status: done ? 'done' : 'failed',
    model: done ? result.model : '{}',
    metrics: JSON.stringify(metrics),
  });
}

async function insertTrainingRow(
  ctx: AppContext,
  surveyId: number,
  uniqueQuestionId: string,
  version: number,
  hash: string,
): Promise<number> {
  try {
    return await insertModel(ctx.db, {
      survey_id: surveyId,
      unique_question_id: uniqueQuestionId,
      version,
      status: 'training',
      model: '{}',
      metrics: JSON.stringify({ examples_hash: hash } satisfies StoredMetrics),
      created_at: ctx.now(),
      heartbeat_at: ctx.now(),
    });
  } catch {
    // The unique (survey, block, version) key: another process started this version first.
    throw conflict(TRAINING_RUNNING);
  }
}

/** POST /api/training/train: starts the training and answers at once with the new version. */
export async function startTraining(ctx: AppContext, access: DialogAccess, uniqueQuestionId: string) {
  const surveyId = access.survey.id;
  const block = await trainableBlock(ctx.db, surveyId, uniqueQuestionId);
  const examples = await trainingSet(ctx.db, surveyId, uniqueQuestionId, block);
  if (new Set(examples.map((e) => e.label)).size < 2) throw badRequest(TOO_FEW_BRANCHES);
  const jobs = jobsOf(ctx.db);
  const key = jobKey(surveyId, uniqueQuestionId);
  if (jobs.has(key)) throw conflict(TRAINING_RUNNING);
  // Every training takes a core: beyond the limit, respondents' chats would starve.
  if (jobs.size >= ctx.config.TRAINING_MAX_PARALLEL) {
    throw new ApiError(503, ERROR_TITLES.serverBusy, MESSAGES.serverBusy);
  }
  // Taken before the first await, so a second call of this process meanwhile is refused above.
  const job = { progress: 0 };
  jobs.set(key, job);
  const hash = examplesHash(examples);
  let rowId: number;
  let version: number;
  try {
    const latest = await latestModelRow(ctx.db, surveyId, uniqueQuestionId);
    if (latest && stillTraining(ctx, latest)) throw conflict(TRAINING_RUNNING);
    version = (latest?.version ?? 0) + 1;
    rowId = await insertTrainingRow(ctx, surveyId, uniqueQuestionId, version, hash);
  } catch (error) {
    jobs.delete(key);
    throw error;
  }
  const heartbeat = setInterval(() => {
    // A failed write (the database closing on shutdown) only ages the heartbeat.
    updateModel(ctx.db, rowId, { progress: job.progress, heartbeat_at: ctx.now() }).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // The examples' embeddings (when configured) are fetched after the answer, as part of the training.
  void exampleVectors(ctx, surveyId, uniqueQuestionId, examples)
    .then((semantic) =>
      runWorker({ examples, folds: FOLDS, seed: SEED, ...(semantic && { semantic }) }, (p) => {
        job.progress = p;
      }),
    )
    .then((result) => finish(ctx, { id: rowId, hash, options: block.options }, result))
    // The database may be closed by now (shutdown); the row then counts as stale later.
    .catch(() => {})
    .finally(() => {
      clearInterval(heartbeat);
      jobs.delete(key);
    });
  return { msg: 'success' as const, version };
}

/** A 'training' row whose process (this one or another) still beats. */
function stillTraining(
  ctx: AppContext,
  row: { status: string; created_at: number | string; heartbeat_at: number | string | null },
): boolean {
  return row.status === 'training' && ctx.now() - Number(row.heartbeat_at ?? row.created_at) < STALE_MS;
}

function parsedModel(modelJson: string | undefined): RoutingModel | undefined {
  if (modelJson === undefined) return undefined;
  try {
    return JSON.parse(modelJson) as RoutingModel;
  } catch {
    // An unreadable model: the defaults below.
    return undefined;
  }
}

function modelThreshold(model: NluModel | undefined, block: OpenTextContent): number {
  const t = model?.thresholds?.threshold;
  if (typeof t === 'number' && Number.isFinite(t)) return t;
  return defaultThresholds(block.options.length + 1).threshold;
}

/** The services that route the block's answers with its model (StatusResponse.routing). */
function routingBackend(ctx: AppContext, model: RoutingModel | undefined) {
  const s = model?.semantic;
  const embeddings = s && s.weight > 0 && ctx.embedder?.model === s.model ? s.model : null;
  const synonyms = model?.language === 'de' && model.features.synonyms === true;
  return { embeddings, llm: llmModel(ctx.config), synonyms };
}

/** POST /api/training/status. */
export async function trainingStatus(
  ctx: AppContext,
  access: DialogAccess,
  uniqueQuestionId: string,
): Promise<StatusResponse> {
  const surveyId = access.survey.id;
  const block = await trainableBlock(ctx.db, surveyId, uniqueQuestionId);
  const [examples, latest, done, threshold] = await Promise.all([
    trainingSet(ctx.db, surveyId, uniqueQuestionId, block),
    latestModelRow(ctx.db, surveyId, uniqueQuestionId),
    latestDoneModel(ctx.db, surveyId, uniqueQuestionId),
    storedThreshold(ctx.db, surveyId, uniqueQuestionId),
  ]);
  const doneMetrics = done ? readMetrics(done.metrics) : undefined;
  const model = parsedModel(done?.model);
  const base = {
    version: done?.version ?? 0,
    metrics: doneMetrics?.metrics ?? null,
    threshold: threshold ?? modelThreshold(model, block),
    routing: routingBackend(ctx, model),
  };
  if (latest && stillTraining(ctx, latest)) {
    return { ...base, status: 'training', progress: Number(latest.progress) };
  }
  const hash = examplesHash(examples);
  if (latest && latest.status !== 'done' && latest.version > (done?.version ?? 0)) {
    const failed = await modelMetrics(ctx.db, latest.id);
    if (readMetrics(failed).examples_hash === hash) return { ...base, status: 'failed', progress: 0 };
  }
  if (done && doneMetrics?.examples_hash === hash) return { ...base, status: 'done', progress: 1 };
  return { ...base, status: 'needs_training', progress: 0 };
}

/** POST /api/training/set_threshold: kept per block, for the current and every later model. */
export async function setThreshold(
  ctx: AppContext,
  access: DialogAccess,
  uniqueQuestionId: string,
  threshold: number,
) {
  await trainableBlock(ctx.db, access.survey.id, uniqueQuestionId);
  await saveThreshold(ctx.db, access.survey.id, uniqueQuestionId, threshold, ctx.now());
  return { msg: 'success' as const };
}
