/**
 * Time until the configurator is interactive with a long dialog (issue 23: with 1,000 blocks at most
 * 1.0 s for the list and 1.5 s for the graph). Starts the built server (npm run build first) on a free
 * port with a fresh DATA_DIR, builds a dialog of each block count through the API, opens
 * /configurator/{id} in headless Chromium and measures from the start of the navigation until the
 * author can work: a click on the first row has opened its editor (list), or a click on the first
 * block node has opened its editor beside the graph (graph). Each run uses a fresh browser context (no
 * cache); the median of the runs is reported, per block count.
 *
 *   npm run build && npx tsx bench/configurator-interactive.ts [block counts, default 500,1000]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { BLOCK_TYPES } from '../contract/blocks.ts';
import { CHROMIUM_ARGS } from '../e2e/chromium-args.ts';
import { userCreateArgs } from '../server/test/cli-args.ts';
import { de } from '../web/i18n/de.ts';

const COUNTS = (process.argv[2] ?? '500,1000').split(',').map(Number);
if (COUNTS.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error('usage: configurator-interactive.ts [block counts, e.g. 500,1000]');
  process.exit(1);
}
const RUNS = 5;
const TARGET_MS = { list: 1000, graph: 1500 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/**
 * In-page watcher (a string: the bundler's helpers do not exist in the page), installed before the app
 * starts: on the first frame where target() finds the element the author would click, it clicks it and
 * records performance.now() (ms since the navigation started) once the block editor is in the DOM. So
 * the figure has no harness latency in it, and a busy main thread delays the click as it would a
 * person's.
 */
const watcher = (target: string) => `(() => {
  const target = () => { ${target} };
  const editorOpen = () => {
    if (document.querySelector('[data-testid="block-editor"]')) window.__interactive = performance.now();
    else requestAnimationFrame(editorOpen);
  };
  const tick = () => {
    const el = target();
    if (el) { el.click(); editorOpen(); } else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'dialogwerk-bench-ui-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
};
const server = spawn('node', ['dist/server/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

try {
  await waitForHealth(base, server);
  const username = 'bench_ui';
  const password = 'bench-password-123';
  execFileSync(
    'node',
    ['dist/server/cli.js', ...userCreateArgs({ username, password, firstName: 'Bench', lastName: 'Mark' })],
    { env: { ...env, LOG_LEVEL: 'silent' }, stdio: 'ignore' },
  );
  let token = '';
  const post = async <T>(path: string, body: object): Promise<T> => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const login = await post<{ token: string; refresh_token: string }>('/api/login', { username, password });
  token = login.token;
  const session = { token: login.token, refresh_token: login.refresh_token, username };

  /** A dialog of `blocks` blocks of every type in turn, with some jumps; its id and block ids. */
  async function buildDialog(blocks: number) {
    const { survey_id } = await post<{ survey_id: string }>('/api/create_survey', {
      survey_name: `Benchmark ${blocks}`,
    });
    const ids: string[] = [];
    for (let i = 0; i < blocks; i++) {
      const type = BLOCK_TYPES[i % BLOCK_TYPES.length]!;
      const res = await post<{ unique_question_id: string }>('/api/update_survey_blocks', {
        survey_id,
        action: 'create',
        type,
      });
      ids.push(res.unique_question_id);
    }
    // Some jumps, so the graph has conditional and direct edges besides the order.
    for (let i = 0; i + 7 < blocks; i += 13) {
      const type = BLOCK_TYPES[i % BLOCK_TYPES.length];
      const changed_values =
        type === 'single_choice' ? { jump_to_ids: [ids[i + 7], null] } : { jump_to_question: ids[i + 5] };
      await post('/api/update_survey_blocks', {
        survey_id,
        action: 'update',
        unique_question_id: ids[i],
        changed_values,
      });
    }
    return { survey_id, ids };
  }

  const listTarget = `return document.querySelector('[data-testid="block-row"] [aria-label="${de.configurator.list.expand}"]');`;

  /** One cold open: ms from the start of the navigation until a click on the first block opened its editor. */
  async function measure(url: string, target: string): Promise<number> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('refresh_token', s.refresh_token);
      localStorage.setItem('username', s.username);
    }, session);
    await context.addInitScript(watcher(target));
    const page = await context.newPage();
    try {
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(
        () => (window as { __interactive?: number }).__interactive !== undefined,
        null,
        {
          timeout: 60_000,
        },
      );
      return (await page.evaluate('window.__interactive')) as number;
    } finally {
      await context.close();
    }
  }

  let met = true;
  for (const blocks of COUNTS) {
    const { survey_id, ids } = await buildDialog(blocks);
    const url = `${base}/configurator/${encodeURIComponent(survey_id)}`;
    const graphTarget = `return document.querySelector('.react-flow__node[data-id="${ids[0]}"]');`;
    // One warm-up open, so the server's first-request work is not counted.
    await measure(url, listTarget);
    const runs = { list: [] as number[], graph: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      runs.list.push(await measure(url, listTarget));
      runs.graph.push(await measure(`${url}?view=graph`, graphTarget));
    }
    for (const view of ['list', 'graph'] as const) {
      const ms = Math.round(median(runs[view]));
      met &&= ms <= TARGET_MS[view];
      const name = `configurator_${blocks}_${view}`;
      console.log(`${name}_interactive_ms: ${ms} ms (target ${TARGET_MS[view]} ms)`);
      // The best run shows what the code does when the machine is not busy with other work.
      console.log(`${name}_interactive_best_ms: ${Math.round(Math.min(...runs[view]))} ms`);
      console.log(`${name}_runs: ${runs[view].map(Math.round).join(',')} ms`);
    }
  }
  console.log(`configurator_interactive_target_met: ${met ? 1 : 0} bool`);
  if (!met) process.exitCode = 1;
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
