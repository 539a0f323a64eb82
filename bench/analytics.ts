/**
 * Analyse at scale (issue 23: on SQLite, summary median at most 300 ms, 500 ms with a date range and an
 * answer filter, and the xlsx export of all rows with peak memory at most 220 MB, for 100,000
 * respondents x 10 blocks). Seeds a 10-block dialog of mixed types
 * (bench/_analytics-seed.ts) into a SQLite file in a temporary folder, then:
 * - times POST /api/analytics/summary through the real app (app.inject: routing, auth, permission
 *   check, validation, every query, serialisation), default filters (live respondents), median of a
 *   few runs after one warm-up, and the longest event-loop delay meanwhile; and once with a date range
 *   and an answer filter;
 * - exports every respondent as xlsx (mode all) from the compiled server in a child process (plain
 *   Node, as `npm start` runs it) over HTTP, the file counted and thrown away, and reports the time and
 *   that process's peak memory (maxRSS) next to its memory before the export.
 *
 *   npx tsx bench/analytics.ts        (RESPONDENTS=100000 by default)
 */
import { fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { insertUser } from '../server/accounts/queries.ts';
import { buildApp } from '../server/app.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { openDatabase } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';
import { blockId } from '../server/test/chat-fixtures.ts';
import { seedAnalytics } from './_analytics-seed.ts';

const RESPONDENTS = Number(process.env.RESPONDENTS ?? 100_000);
const RUNS = 5;
// Issue 23's targets.
const TARGET_SUMMARY_MS = 300;
const TARGET_FILTERED_MS = 500;
const TARGET_EXPORT_MB = 220;
const MB = 1024 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-bench-analytics-'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST_DIR: join(dir, 'no-web') });
const fmt = (x: number) => x.toFixed(1);

try {
  const database = await openDatabase(config);
  const password = randomBytes(12).toString('base64url');
  const ownerId = await insertUser(database.db, {
    username: 'bench',
    email: null,
    emailVerified: false,
    firstName: 'Bench',
    lastName: 'Mark',
    passwordHash: await hashPassword(password),
    isAdmin: false,
    now: Date.now(),
  });
  const seedStart = performance.now();
  const dialog = await seedAnalytics(database, join(dir, 'app.db'), RESPONDENTS, ownerId, Date.now());
  console.log(`respondents: ${RESPONDENTS} count`);
  console.log(`seed_time: ${fmt((performance.now() - seedStart) / 1000)} s`);

  // With the overload guard as the server has it: the summary's queries run on the read pool's workers
  // (server/db/read-pool.ts), so they must not hold the event loop long enough to trip it.
  const app = await buildApp({ config, database, jwtSecret: randomBytes(32), logger: false });
  await app.ready();
  const post = async (url: string, payload: object, token?: string) => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json();
  };
  const { token } = await post('/api/login', { username: 'bench', password });
  const timeSummary = async (filters: object) => {
    const start = performance.now();
    await post('/api/analytics/summary', { survey_id: dialog.surveyId, filters }, token);
    return performance.now() - start;
  };
  await timeSummary({});
  const times: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  for (let i = 0; i < RUNS; i++) times.push(await timeSummary({}));
  loop.disable();
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)]!;
  const now = Date.now();
  const filtered = await timeSummary({
    from: now - 30 * 86_400_000,
    to: now,
    answer_equals: [{ unique_question_id: blockId('sc', dialog.surveyId), value: 'ja' }],
  });
  console.log(`summary_median: ${fmt(median)} ms`);
  console.log(`summary_min: ${fmt(times[0]!)} ms`);
  console.log(`summary_filtered: ${fmt(filtered)} ms`);
  // The longest the event loop was held while the summaries ran (the guard answers 503 above 1000 ms).
  console.log(`summary_event_loop_max_delay: ${fmt(loop.max / 1e6)} ms`);
  console.log(`summary_target: ${TARGET_SUMMARY_MS} ms`);
  console.log(`summary_target_met: ${median <= TARGET_SUMMARY_MS ? 1 : 0} bool`);
  console.log(`summary_filtered_target: ${TARGET_FILTERED_MS} ms`);
  console.log(`summary_filtered_target_met: ${filtered <= TARGET_FILTERED_MS ? 1 : 0} bool`);
  await app.close();
  await database.close();

  // The server compiled as `npm run build:server` does, into the temporary folder, with links to
  // node_modules (for its imports) and to the info pages it reads. tsc emits even when another file has
  // a type error.
  const build = join(dir, 'build');
  spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json', '--outDir', build], { stdio: 'ignore' });
  if (!existsSync(join(build, 'server', 'app.js'))) throw new Error('tsc did not emit the server');
  symlinkSync(resolve('node_modules'), join(build, 'node_modules'), 'dir');
  symlinkSync(resolve('server/pages/defaults'), join(build, 'server/pages/defaults'), 'dir');
  const child = fork(new URL('./_analytics-export.mjs', import.meta.url), {
    env: { ...process.env, DATA_DIR: dir, BUILD_DIR: build },
    execArgv: [],
  });
  const fromChild = <T>() =>
    Promise.race([
      once(child, 'message').then(([message]) => message as T),
      once(child, 'exit').then(([code]) => {
        throw new Error(`the export server exited (${code})`);
      }),
    ]);
  const started = await fromChild<{ address: string; rssAtStart: number }>();
  const login = await fetch(`${started.address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password }),
  });
  const fresh = ((await login.json()) as { token: string }).token;
  const exportStart = performance.now();
  const res = await fetch(`${started.address}/api/excel_export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${fresh}` },
    body: JSON.stringify({ survey_id: dialog.surveyId, format: 'xlsx', filters: { mode: 'all' } }),
  });
  if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const exportMs = performance.now() - exportStart;
  child.send('exit');
  const memory = await fromChild<{ maxRss: number }>();
  console.log(`export_xlsx_rows: ${RESPONDENTS} count`);
  console.log(`export_xlsx_size: ${fmt(bytes / MB)} MB`);
  console.log(`export_xlsx_time: ${fmt(exportMs / 1000)} s`);
  console.log(`export_server_rss_before: ${fmt(started.rssAtStart / MB)} MB`);
  console.log(`export_server_peak_rss: ${fmt(memory.maxRss / MB)} MB`);
  console.log(`export_peak_target: ${TARGET_EXPORT_MB} MB`);
  console.log(`export_peak_target_met: ${memory.maxRss <= TARGET_EXPORT_MB * MB ? 1 : 0} bool`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
