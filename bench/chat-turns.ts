import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { connect, type DbHandle } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { type BlockSpec, createChatDialog } from '../server/test/chat-fixtures.ts';
import { startChild, stopChild } from '../server/test/child-server.ts';
import {
  type Figures,
  paced,
  post,
  RESPONDENTS,
  type Respondent,
  releaseSockets,
  saturate,
  summary,
} from './_chat-load.ts';

const DURATION_S = Number(process.env.DURATION_S ?? 10);
const WARMUP_S = 3;
const TARGET_TURNS_PER_S = 2000;
const TARGET_P99_MS = 50;
/** Saturated turns per second against the bare route's requests per second in the same run. */
const TARGET_RATIO_TO_BARE = 0.2;
const TARGET_CPU_PER_TURN_US = 200;
/** Preloaded into every server this bench starts, so that it reports its own CPU time on SIGUSR2. */
const CPU_PROBE = ['--import', new URL('./_cpu-probe.mjs', import.meta.url).href];

/** 20 blocks: two messages and a question of every input type, with follow-up, jumps and piping. */
const DIALOG: BlockSpec[] = [
  { id: 'b01', type: 'message', context: 'Hallo!§§#300#§§Schön, dass Sie da sind.' },
  { id: 'b02', type: 'open_text', context: 'Wie heißen Sie?', variable: 'name' },
  { id: 'b03', type: 'single_choice', context: 'Hallo {{name}}, wie geht es?', options: ['gut', 'schlecht'] },
  { id: 'b04', type: 'likert', options: ['nie', 'selten', 'manchmal', 'oft', 'immer'], likert_na: 1 },
  { id: 'b05', type: 'number', context: 'Wie alt sind Sie?', min: 0, max: 120, integer: 1 },
  { id: 'b06', type: 'email' },
  { id: 'b07', type: 'date', min_date: '1900-01-01', max_date: '2030-12-31' },
  { id: 'b08', type: 'multiple_choice', options: ['Obst', 'Gemüse', 'Brot', 'Käse'] },
  { id: 'b09', type: 'open_text', options: ['Preis', 'Qualität'], jump_to_reactions: ['Zum Preis.', ''] },
  { id: 'b10', type: 'message', context: 'Danke, {{name}}. Noch ein paar Fragen.' },
  { id: 'b11', type: 'single_choice', options: ['ja', 'nein'], nachfrage: 'Warum?' },
  { id: 'b12', type: 'likert', options: ['1', '2', '3', '4', '5', '6', '7'], inverse: 1 },
  { id: 'b13', type: 'number', min: 1, max: 10 },
  { id: 'b14', type: 'open_text', acknowledgement: 'Danke!' },
  { id: 'b15', type: 'single_choice', options: ['A', 'B', 'C'], jump_to_ids: ['b16', 'b16', 'b17'] },
  { id: 'b16', type: 'date' },
  { id: 'b17', type: 'multiple_choice', options: ['x', 'y'] },
  { id: 'b18', type: 'email' },
  { id: 'b19', type: 'open_text' },
  { id: 'b20', type: 'likert', options: ['nein', 'eher nein', 'eher ja', 'ja'] },
];

/**
 * The CPU time (user + system, µs) a server started with CPU_PROBE has used so far: it prints it on
 * SIGUSR2 (bench/_cpu-probe.mjs).
 */
function cpuOf(child: ChildProcess): () => Promise<number> {
  let out = '';
  const waiting: ((us: number) => void)[] = [];
  child.stdout!.on('data', (chunk) => {
    out += String(chunk);
    for (let m = /bench_cpu_us: (\d+)\n/.exec(out); m; m = /bench_cpu_us: (\d+)\n/.exec(out)) {
      out = out.slice(m.index + m[0].length);
      waiting.shift()?.(Number(m[1]));
    }
  });
  return () =>
    new Promise<number>((resolve) => {
      waiting.push(resolve);
      child.kill('SIGUSR2');
    });
}

/** The server's CPU per request over what run() answered, beside run()'s own figures. */
async function withCpu<F extends { count: number }>(cpu: () => Promise<number>, run: () => Promise<F>) {
  const before = await cpu();
  const figures = await run();
  const used = (await cpu()) - before;
  return { ...figures, cpuPerRequestUs: figures.count > 0 ? used / figures.count : 0 };
}

type WithCpu<F> = F & { cpuPerRequestUs: number };

interface ChatFigures {
  /** 200 respondents answering as fast as the server answers them. */
  saturated: WithCpu<Figures>;
  /** The turns per second the paced run offered. */
  offered: number;
  /** The same respondents offering that many turns per second in total. */
  atTarget: WithCpu<Figures & { lagP99: number }>;
}

/**
 * capOffered: offer at most 70% of what the server answered saturated, so the latency measured is that
 * of a server that keeps up (for PostgreSQL on this machine, which has no target and stays below 2000).
 */
async function chatTurns(
  serverEnv: Record<string, string>,
  prepare: () => Promise<DbHandle>,
  capOffered = false,
): Promise<ChatFigures> {
  const setup = await prepare();
  await migrateToLatest(setup.db);
  const dialog = await createChatDialog({ database: setup, clock: { now: Date.now() } }, DIALOG);
  await setup.close();

  // SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under load.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const { child, url } = await startChild([...nodeArgs, ...CPU_PROBE, '--import', 'tsx', 'server/main.ts'], {
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    // Every simulated respondent registers from this one address.
    LIVE_REGISTRATIONS_PER_ADDRESS: String(RESPONDENTS),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...serverEnv,
  });
  const cpu = cpuOf(child);
  try {
    const respondents: Respondent[] = [];
    for (let i = 0; i < RESPONDENTS; i++) {
      const reg = await post(url, '/api/register_live', { survey_id: dialog.surveyId });
      respondents.push({ token: reg.token_live as string, input: 'start', n: i });
    }
    await saturate(url, dialog.surveyId, respondents, WARMUP_S);
    const saturated = await withCpu(cpu, () => saturate(url, dialog.surveyId, respondents, DURATION_S));
    const offered = capOffered
      ? Math.min(TARGET_TURNS_PER_S, Math.floor(saturated.perSecond * 0.7))
      : TARGET_TURNS_PER_S;
    const atTarget = await withCpu(cpu, () => paced(url, dialog.surveyId, respondents, DURATION_S, offered));
    return { saturated, offered, atTarget };
  } finally {
    await stopChild(child);
  }
}

async function bareRoute(): Promise<WithCpu<Figures>> {
  const code = `
    import Fastify from 'fastify';
    const app = Fastify();
    app.post('/bare', async (req) => ({ ok: true, echo: req.body }));
    console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
  `;
  const { child, url } = await startChild([...CPU_PROBE, '--input-type=module', '-e', code], {});
  const cpu = cpuOf(child);
  try {
    return await withCpu(cpu, async () => {
      const result = await autocannon({
        url: `${url}/bare`,
        method: 'POST',
        connections: RESPONDENTS,
        duration: DURATION_S,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ survey_id: 'x', unique_question_id: 'y', answer: 'Antwort' }),
      });
      return summary(result);
    });
  } finally {
    await stopChild(child);
  }
}

const us = (v: number) => v.toFixed(0);

function report(prefix: string, f: ChatFigures) {
  console.log(`${prefix}chat_turns_per_s: ${f.saturated.perSecond.toFixed(0)}`);
  console.log(`${prefix}chat_vs_bare_route: ${(f.saturated.perSecond / bare.perSecond).toFixed(3)} ratio`);
  console.log(`${prefix}chat_server_cpu_per_turn_us: ${us(f.saturated.cpuPerRequestUs)} us`);
  console.log(`${prefix}chat_server_cpu_per_turn_paced_us: ${us(f.atTarget.cpuPerRequestUs)} us`);
  console.log(`${prefix}chat_turn_p50_ms: ${f.atTarget.p50}`);
  console.log(`${prefix}chat_turn_p99_ms: ${f.atTarget.p99}`);
  console.log(`${prefix}chat_turns_offered_per_s: ${f.offered}`);
  console.log(`${prefix}chat_turns_served_at_offered_per_s: ${f.atTarget.perSecond.toFixed(0)}`);
  console.log(`${prefix}chat_turn_send_lag_p99_ms: ${f.atTarget.lagP99}`);
  console.log(`${prefix}chat_turn_saturated_p50_ms: ${f.saturated.p50}`);
  console.log(`${prefix}chat_turn_saturated_p99_ms: ${f.saturated.p99}`);
  console.log(`${prefix}chat_turn_errors: ${f.saturated.errors + f.atTarget.errors}`);
}

const bare = await bareRoute();
console.log(`bare_route_req_per_s: ${bare.perSecond.toFixed(0)}`);
console.log(`bare_route_saturated_p50_ms: ${bare.p50}`);
console.log(`bare_route_saturated_p99_ms: ${bare.p99}`);
console.log(`bare_route_server_cpu_per_req_us: ${us(bare.cpuPerRequestUs)} us`);

const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-bench-'));
let sqlite: ChatFigures;
try {
  sqlite = await chatTurns({ DATA_DIR: dir, DATABASE_URL: '', WEB_DIST_DIR: join(dir, 'no-web') }, async () =>
    connect({ sqliteFile: join(dir, 'app.db') }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
report('', sqlite);

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const name = `dialogwerk_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const pgDir = mkdtempSync(join(tmpdir(), 'dialogwerk-bench-'));
  try {
    const env = { DATA_DIR: pgDir, DATABASE_URL: dbUrl.href, WEB_DIST_DIR: join(pgDir, 'no-web') };
    report(
      'postgres_',
      await chatTurns(
        env,
        async () => connect({ databaseUrl: dbUrl.href, sqliteFile: ':memory:', poolSize: 2 }),
        true,
      ),
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(pgDir, { recursive: true, force: true });
  }
} else {
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it too.');
}

releaseSockets();

const met =
  sqlite.saturated.perSecond >= TARGET_RATIO_TO_BARE * bare.perSecond &&
  sqlite.atTarget.p99 <= TARGET_P99_MS &&
  sqlite.saturated.cpuPerRequestUs <= TARGET_CPU_PER_TURN_US &&
  sqlite.saturated.errors + sqlite.atTarget.errors === 0;
console.log(
  `target (SQLite: >= ${TARGET_RATIO_TO_BARE}x the bare route's requests/s, p99 <= ${TARGET_P99_MS} ms at ${TARGET_TURNS_PER_S} turns/s, server CPU <= ${TARGET_CPU_PER_TURN_US} us per turn, no errors): ${met ? 'met' : 'MISSED'}`,
);
