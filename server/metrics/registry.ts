import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { EmbeddingsObserver } from '../llm/embeddings.ts';
import { LlmBusyError, type LlmProvider } from '../llm/provider.ts';

/**
 * The process's Prometheus metrics (served at /metrics, see http/metrics.ts). One registry per process:
 * the counters are called from the services (a chat turn, a training) without passing anything down.
 */
export const registry = new Registry();

const requests = new Histogram({
  name: 'dialogwerk_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, with their durations',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const chatTurns = new Counter({
  name: 'dialogwerk_chat_turns_total',
  help: 'Chat turns run (single chats and games)',
  registers: [registry],
});

const trainings = new Counter({
  name: 'dialogwerk_trainings_total',
  help: 'Trainings finished, by outcome (done, failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const llmCalls = new Histogram({
  name: 'dialogwerk_llm_call_duration_seconds',
  help: 'Language model calls by outcome (ok, failed, busy), with their latency',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 60],
  registers: [registry],
});

const embeddingsCalls = new Histogram({
  name: 'dialogwerk_embeddings_call_duration_seconds',
  help: 'Embeddings calls (the texts of one training or one answer, in batches) by outcome (ok, failed, busy), with their latency',
  labelNames: ['outcome'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 60],
  registers: [registry],
});

let defaultsOn = false;

/** Process memory, CPU, event-loop delay and the like (prom-client's defaults); once per process. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: registry, prefix: 'dialogwerk_' });
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * What the gauges below read on each scrape, one source per app in the process (tests build several);
 * the returned function removes the source when its app closes.
 */
function sources<T>() {
  const set = new Set<T>();
  const watch = (source: T) => {
    set.add(source);
    return () => set.delete(source);
  };
  return { set, watch };
}

const pools = sources<() => PoolStats>();
new Gauge({
  name: 'dialogwerk_db_pool_connections',
  help: 'Database pool connections (PostgreSQL) by state: total, idle, waiting clients',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const stats of pools.set) {
      const s = stats();
      this.inc({ state: 'total' }, s.total);
      this.inc({ state: 'idle' }, s.idle);
      this.inc({ state: 'waiting' }, s.waiting);
    }
  },
});

/** Counts a database pool in the gauge until the returned function is called (the app closes). */
export const watchPool = pools.watch;

export interface OutboxDepth {
  /** Pending deliveries whose time has come (a growing number: the workers do not keep up). */
  due: number;
  /** Pending deliveries waiting for a retry after a failed attempt. */
  retrying: number;
}

const outboxes = sources<() => Promise<OutboxDepth>>();
new Gauge({
  name: 'dialogwerk_webhook_queue_depth',
  help: 'Webhook deliveries pending in the outbox (the database, so every process reports the same): due, retrying',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    const depths = await Promise.all([...outboxes.set].map((depth) => depth()));
    this.reset();
    this.set(
      { state: 'due' },
      depths.reduce((sum, d) => sum + d.due, 0),
    );
    this.set(
      { state: 'retrying' },
      depths.reduce((sum, d) => sum + d.retrying, 0),
    );
  },
});

/** Reads the outbox's depth on each scrape until the returned function is called (the app closes). */
export const watchOutbox = outboxes.watch;

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  requests.observe({ method, route, status: String(status) }, seconds);
}

export function countChatTurn(): void {
  chatTurns.inc();
}

export function countTraining(outcome: 'done' | 'failed'): void {
  trainings.inc({ outcome });
}

/** The provider with each call timed; a reply of undefined is the provider's failure. */
export function instrumentLlm(provider: LlmProvider | null): LlmProvider | null {
  if (provider === null) return null;
  return {
    async chatJson(request) {
      const end = llmCalls.startTimer();
      try {
        const reply = await provider.chatJson(request);
        end({ outcome: reply === undefined ? 'failed' : 'ok' });
        return reply;
      } catch (err) {
        end({ outcome: err instanceof LlmBusyError ? 'busy' : 'failed' });
        throw err;
      }
    },
  };
}

/** Times each embeddings call by outcome (createEmbedder's observer). */
export const observeEmbeddings: EmbeddingsObserver = (outcome, seconds) => {
  embeddingsCalls.observe({ outcome }, seconds);
};
