import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { BLOCK_TYPES } from './contract/blocks.ts';

const view = process.argv[2] ?? 'list';
const port = 4555;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'prof-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', WEB_DIST_DIR: process.env.DIST ?? '/tmp/dist-prof' };
const server = spawn('node', ['dist/server/main.js'], { env, stdio: 'ignore', cwd: '/work/main' });
for (let i = 0; i < 100; i++) { try { if ((await fetch(base + '/api/health')).ok) break; } catch {} await new Promise(r => setTimeout(r, 100)); }
execFileSync('node', ['dist/server/cli.js', 'user:create', '--username', 'p', '--password', 'prof-password-1', '--first-name', 'P', '--last-name', 'Q'], { env, stdio: 'ignore', cwd: '/work/main' });
let token = '';
const post = async (path: string, body: object) => { const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }); return r.json() as any; };
const login = await post('/api/login', { username: 'p', password: 'prof-password-1' });
token = login.token;
const { survey_id } = await post('/api/create_survey', { survey_name: 'P' });
const ids: string[] = [];
for (let i = 0; i < 500; i++) ids.push((await post('/api/update_survey_blocks', { survey_id, action: 'create', type: BLOCK_TYPES[i % 13] })).unique_question_id);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
await ctx.addInitScript((s) => { localStorage.setItem('token', s.token); localStorage.setItem('refresh_token', s.refresh_token); localStorage.setItem('username', 'p'); }, login);
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await page.goto(`${base}/configurator/${survey_id}${view === 'graph' ? '?view=graph' : ''}`);
await page.waitForSelector('[data-testid="block-row"] [aria-label="Bearbeiten"]');
await page.waitForTimeout(2500);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
for (let k = 0; k < 5; k++) {
  await page.locator('[data-testid="block-row"] [aria-label="Bearbeiten"]').nth(k).click();
  await page.waitForSelector('[data-testid="block-editor"]');
  await page.locator('[data-testid="block-row"] [aria-label="Zuklappen"]').first().click();
  await page.waitForTimeout(100);
}
const { profile } = await cdp.send('Profiler.stop') as any;
const self = new Map<string, number>();
const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
const dt = profile.timeDeltas as number[];
profile.samples.forEach((id: number, i: number) => { const n = byId.get(id); const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/^.*\//, '')}:${cf.lineNumber}`; self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000); });
// timeline: 100 ms windows from the start, top files each
const startTime = profile.startTime as number;
let tt = startTime;
const windows = new Map<number, Map<string, number>>();
profile.samples.forEach((id: number, i: number) => { tt += dt[i] ?? 0; const w = Math.floor((tt - startTime) / 1000 / 100); const n = byId.get(id); const cf = n.callFrame; const f = (cf.url.replace(/^.*\//, '') || cf.functionName || '?'); const m = windows.get(w) ?? new Map(); m.set(f, (m.get(f) ?? 0) + (dt[i] ?? 0) / 1000); windows.set(w, m); });
for (const [w, m] of [...windows.entries()].sort((a, b) => a[0] - b[0])) console.log(String(w * 100).padStart(5), [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([f, v]) => `${f}:${v.toFixed(0)}`).join('  '));
const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 35);
for (const [k, v] of top) console.log(v.toFixed(1).padStart(8), k);
// by file
const files = new Map<string, number>();
for (const [k, v] of self) { const f = k.split(' ').pop()!.split(':')[0]!; files.set(f, (files.get(f) ?? 0) + v); }
console.log('--- by file');
for (const [k, v] of [...files.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v.toFixed(1).padStart(8), k);
await browser.close();
server.kill();
