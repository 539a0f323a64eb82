import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { AppContext } from '../context.ts';
import { notifyChannel } from './queries.ts';

/**
 * Wakes long-polling /api/multichat/wait calls when a multi-dialog chat changed. The payload is only the
 * manager session id: a woken waiter reads the session from the database again and never trusts the
 * event. On PostgreSQL the event travels through LISTEN/NOTIFY, so an inbound trigger call served by
 * one server process wakes the waiters of every other process; on SQLite (one process) it stays in
 * memory.
 */

const CHANNEL = 'dialogwerk_multichat';
const RECONNECT_MS = 1000;

export interface Subscription {
  /** Resolves on the next event of the session, or after the given time. */
  done: Promise<void>;
  cancel(): void;
}

export interface Notifier {
  /** After the commit of a change of the manager session. */
  publish(managerSessionId: number): Promise<void>;
  subscribe(managerSessionId: number, ms: number): Subscription;
  /**
   * Shutdown: every wait ends now and later ones at once, so open long polls answer with what they have
   * instead of holding the process for up to WAIT_SECONDS.
   */
  release(): void;
  released(): boolean;
  start(): Promise<void>;
  close(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/** The waiters of this process, by manager session id. */
class Hub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  released = false;

  emit(id: number) {
    this.emitter.emit(String(id));
  }

  release() {
    this.released = true;
    for (const name of this.emitter.eventNames()) this.emitter.emit(name);
  }

  subscribe(id: number, ms: number): Subscription {
    if (this.released) return { done: Promise.resolve(), cancel: () => {} };
    let cancel = () => {};
    const done = new Promise<void>((resolve) => {
      const wake = () => {
        cancel();
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.emitter.once(String(id), wake);
      cancel = () => {
        clearTimeout(timer);
        this.emitter.off(String(id), wake);
        resolve();
      };
    });
    return { done, cancel };
  }
}

function localNotifier(): Notifier {
  const hub = new Hub();
  return {
    publish: async (id) => hub.emit(id),
    subscribe: (id, ms) => hub.subscribe(id, ms),
    release: () => hub.release(),
    released: () => hub.released,
    start: async () => {},
    close: async () => {},
  };
}

/** One dedicated connection per process LISTENs; it reconnects after a failure. */
function postgresNotifier(db: AppContext['db'], url: string, log: Log): Notifier {
  const hub = new Hub();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  async function connect() {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      const id = Number(msg.payload);
      if (msg.channel === CHANNEL && Number.isInteger(id)) hub.emit(id);
    });
    c.on('error', (error) => {
      log.warn({ err: error }, 'multichat listener failed; reconnecting');
      void c.end().catch(() => {});
      if (client === c) client = null;
      schedule();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
  }

  function schedule() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'multichat listener could not connect; retrying');
        schedule();
      });
    }, RECONNECT_MS);
  }

  return {
    publish: (id) => notifyChannel(db, CHANNEL, String(id)),
    subscribe: (id, ms) => hub.subscribe(id, ms),
    release: () => hub.release(),
    released: () => hub.released,
    start: connect,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end();
      client = null;
    },
  };
}

export function createNotifier(ctx: Pick<AppContext, 'db' | 'dbKind'>, url: string | undefined, log: Log) {
  return ctx.dbKind === 'postgres' && url !== undefined
    ? postgresNotifier(ctx.db, url, log)
    : localNotifier();
}
