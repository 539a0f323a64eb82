import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '/work/main/server/app.ts';
import { openDatabase } from '/work/main/server/bootstrap.ts';
import { loadConfig } from '/work/main/server/config.ts';
import { createChatDialog } from '/work/main/server/test/chat-fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'prof-'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST_DIR: join(dir, 'x') });
const database = await openDatabase(config);
const app = await buildApp({ config, database, jwtSecret: randomBytes(32), logger: false });
await app.ready();
const d = await createChatDialog({ database, clock: { now: Date.now() } }, [
  { id: 'a', type: 'open_text' }, { id: 'b', type: 'single_choice', options: ['x'], jump_to_ids: ['a'] },
]);
const post = async (url: string, payload: object, token?: string) => {
  const r = await app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (r.statusCode !== 200) throw new Error(r.body);
  return r.json();
};
const reg = await post('/api/register_live', { survey_id: d.surveyId });
let turn = await post('/api/chat/start', { survey_id: d.surveyId }, reg.token_live);
const N = Number(process.env.N ?? 3000);
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  const input = turn.input;
  turn = await post('/api/chat/answer', { survey_id: d.surveyId, unique_question_id: input.unique_question_id, turn: input.turn, answer: input.type === 'single_choice' ? 'x' : `a${i}` }, reg.token_live);
}
const ms = performance.now() - t0;
console.log(`per turn ${(ms / N).toFixed(3)} ms, ${(N / ms * 1000).toFixed(0)}/s`);
const t1 = performance.now();
for (let i = 0; i < N; i++) await app.inject({ method: 'GET', url: '/api/health' });
console.log(`health per req ${((performance.now() - t1) / N).toFixed(3)} ms`);
await app.close();
