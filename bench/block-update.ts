/**
 * Server time of a block update on a 500-block dialog (issue 3: under 10 ms median on SQLite).
 * Builds the real app on a SQLite file database in a temporary folder, creates a 500-block dialog
 * through the API and times 1000 updates through app.inject (routing, auth, permission check,
 * validation, transaction, response serialisation; no network).
 *
 *   npx tsx bench/block-update.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { insertUser } from '../server/accounts/queries.ts';
import { buildApp } from '../server/app.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { openDatabase } from '../server/bootstrap.ts';
import { loadConfig } from '../server/config.ts';

const BLOCKS = 500;
const WARMUP = 100;
const UPDATES = 1000;
const TARGET_MEDIAN_MS = 10;

const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-bench-'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST_DIR: join(dir, 'no-web') });
const database = await openDatabase(config);
const app = await buildApp({ config, database, jwtSecret: randomBytes(32), logger: false });
await app.ready();

async function post(url: string, payload: object, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const fmt = (ms: number) => ms.toFixed(2);

try {
  const password = randomBytes(12).toString('base64url');
  await insertUser(database.db, {
    username: 'bench',
    email: null,
    emailVerified: false,
    firstName: 'Bench',
    lastName: 'Mark',
    passwordHash: await hashPassword(password),
    isAdmin: false,
    now: Date.now(),
  });
  const { token } = await post('/api/login', { username: 'bench', password });
  const { survey_id } = await post('/api/create_survey', { survey_name: 'Benchmark' }, token);

  const types = ['message', 'single_choice', 'open_text', 'likert', 'number'] as const;
  const ids: string[] = [];
  const versions = new Map<string, number>();
  for (let i = 0; i < BLOCKS; i++) {
    const res = await post(
      '/api/update_survey_blocks',
      { survey_id, action: 'create', type: types[i % types.length] },
      token,
    );
    ids.push(res.unique_question_id);
    versions.set(res.unique_question_id, 1);
  }

  /** A realistic mix: text edits with the stale-write check, option edits, jumps and node moves. */
  const update = (n: number) => {
    const id = ids[(n * 7919) % BLOCKS]!;
    const kind = n % 4;
    const changed_values =
      kind === 0
        ? { context: `Frage ${n}: Wie geht es Ihnen heute?§§#800#§§Antworten Sie frei.` }
        : kind === 1
          ? { short_name: `Spalte ${n}` }
          : kind === 2
            ? { jump_to_question: ids[(n * 31) % BLOCKS] === id ? null : ids[(n * 31) % BLOCKS] }
            : { position: { x: n % 900, y: (n * 13) % 4000 } };
    return { survey_id, action: 'update', unique_question_id: id, changed_values, version: versions.get(id) };
  };

  const times: number[] = [];
  for (let n = 0; n < WARMUP + UPDATES; n++) {
    const body = update(n);
    const start = performance.now();
    const res = await post('/api/update_survey_blocks', body, token);
    const elapsed = performance.now() - start;
    versions.set(body.unique_question_id, res.blocks[0].version);
    if (n >= WARMUP) times.push(elapsed);
  }

  const loads: number[] = [];
  for (let n = 0; n < 20; n++) {
    const start = performance.now();
    await post('/api/dialog', { survey_id }, token);
    loads.push(performance.now() - start);
  }

  times.sort((a, b) => a - b);
  loads.sort((a, b) => a - b);
  const median = percentile(times, 50);
  console.log(`blocks: ${BLOCKS} count`);
  console.log(`block_updates_measured: ${UPDATES} count`);
  console.log(`block_update_median: ${fmt(median)} ms`);
  console.log(`block_update_p99: ${fmt(percentile(times, 99))} ms`);
  console.log(`block_update_max: ${fmt(times.at(-1)!)} ms`);
  console.log(`block_update_target_median: ${TARGET_MEDIAN_MS} ms`);
  console.log(`block_update_target_met: ${median < TARGET_MEDIAN_MS ? 1 : 0} bool`);
  console.log(`dialog_load_500_blocks_median: ${fmt(percentile(loads, 50))} ms`);
} finally {
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
