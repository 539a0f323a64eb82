import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import type { MultichatTurnResponse } from '../../contract/multichat.ts';
import type { StatusResponse } from '../../contract/training.ts';
import { insertUser } from '../accounts/queries.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { DbHandle } from '../db/connect.ts';
import { blockId, createChatDialog } from '../test/chat-fixtures.ts';
import { postJson as post, serverEnv, startServer, stopChild } from '../test/child-server.ts';
import { createTestDatabase, usesPostgres } from '../test/databases.ts';
import { FLOW, seedFlowGame } from '../test/games.ts';
import { audioUpload, mp3 } from '../test/multipart.ts';
import { startRoundRobinProxy, stopProxy } from '../test/round-robin-proxy.ts';
import { PRICE_SERVICE_DIALOG, PRICE_SERVICE_EXAMPLES } from '../test/training-examples.ts';
import { startReceiver } from '../test/webhook-receiver.ts';
import { insertEndpoint } from '../webhooks/queries.ts';

/**
 * Three server processes on one PostgreSQL database and one bucket, each with a DATA_DIR of its own,
 * behind a round-robin proxy (so consecutive requests reach different processes): a training started
 * on one is followed on the others and its model routes answers on every one; an upload is served by
 * each; the export has what respondents answered through all of them; a game's waitAPI call wakes a
 * player waiting on another process; and every chat start is sent to the webhook exactly once.
 * three-process.test.ts covers login limits, refresh tokens and a kill mid-chat.
 */

const BUCKET = 'dialogwerk-media';

describe.skipIf(!usesPostgres())('features across three server processes (PostgreSQL, one bucket)', () => {
  let database: DbHandle;
  let s3: S3rver;
  const dirs: string[] = [];
  const servers: ChildProcess[] = [];
  let proxy: Server | undefined;
  let base = '';
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let token = '';
  let surveyId = '';
  let question = '';
  let hookSurveyId = '';
  let game: Awaited<ReturnType<typeof seedFlowGame>>;
  const password = 'richtiges-passwort';
  const username = `cluster_${randomBytes(4).toString('hex')}`;

  const tempDir = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `dialogwerk-${name}-`));
    dirs.push(dir);
    return dir;
  };

  /** A POST as the author that must succeed. */
  async function authorOk<T>(path: string, body: object): Promise<T> {
    const res = await post(base, path, body, token);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body as T;
  }

  /** A respondent who starts the dialog; its token and the first turn. */
  async function respondent(sid: string) {
    const reg = await post(base, '/api/register_live', { survey_id: sid });
    const live = reg.body.token_live as string;
    const start = await post(base, '/api/chat/start', { survey_id: sid }, live);
    expect(start.status).toBe(200);
    return { live, turn: start.body as unknown as ChatTurnResponse };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: tempDir('s3rver'),
      configureBuckets: [{ name: BUCKET }],
    });
    const { port: s3Port } = await s3.run();
    receiver = await startReceiver();
    const now = Date.now();
    const ownerId = await insertUser(database.db, {
      username,
      email: null,
      emailVerified: false,
      firstName: 'A',
      lastName: 'B',
      passwordHash: await hashPassword(password),
      isAdmin: false,
      now,
    });
    const dialog = await createChatDialog({ database, clock: { now } }, PRICE_SERVICE_DIALOG, { ownerId });
    surveyId = dialog.surveyId;
    question = blockId('q', surveyId);
    const hooked = await createChatDialog(
      { database, clock: { now } },
      [{ id: 'age', type: 'number', context: 'Alter?' }],
      { ownerId },
    );
    hookSurveyId = hooked.surveyId;
    await insertEndpoint(database.db, {
      surveyId: hooked.id,
      url: receiver.url,
      events: JSON.stringify(['chat.started']),
      secret: `whsec_${randomBytes(24).toString('base64')}`,
      now,
    });
    game = await seedFlowGame(database, ownerId);

    const env = serverEnv(database.url!, {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_POLL_MS: '50',
    });
    // A DATA_DIR each, as on three machines: nothing may pass between them through the disk.
    const started = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        startServer({ ...env, DATA_DIR: tempDir(`process-${name}`), WEB_DIST_DIR: '/nonexistent-web' }),
      ),
    );
    for (const s of started) servers.push(s.child);
    ({ proxy, base } = await startRoundRobinProxy(started.map((s) => s.url)));
    const login = await post(base, '/api/login', { username, password });
    expect(login.status).toBe(200);
    token = login.body.token as string;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopChild));
    await stopProxy(proxy);
    await receiver?.close();
    await s3?.close();
    await database?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a training started on one process: the others report it, refuse a second, and route by its model', async () => {
    for (const [branch, texts] of Object.entries(PRICE_SERVICE_EXAMPLES)) {
      for (const text of texts) {
        await authorOk('/api/training/add_example', {
          survey_id: surveyId,
          unique_question_id: question,
          branch,
          text,
        });
      }
    }
    const body = { survey_id: surveyId, unique_question_id: question };
    expect((await authorOk<{ version: number }>('/api/training/train', body)).version).toBe(1);
    // The next request reaches another process.
    expect((await post(base, '/api/training/train', body, token)).status).toBe(409);
    const seen: StatusResponse[] = [];
    for (let i = 0; i < 300; i++) {
      const status = await authorOk<StatusResponse>('/api/training/status', body);
      seen.push(status);
      if (status.status !== 'training') break;
      await sleep(100);
    }
    expect(seen.at(-1)).toMatchObject({ status: 'done', version: 1, progress: 1 });
    // Whichever process answered, the progress never went back (it is the database's).
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));

    // Each process loads the model: respondents whose answers reach all three are routed alike.
    for (let i = 0; i < 3; i++) {
      const { live, turn } = await respondent(surveyId);
      const answered = await post(
        base,
        '/api/chat/answer',
        {
          survey_id: surveyId,
          unique_question_id: turn.input!.unique_question_id,
          turn: turn.input!.turn,
          answer: `Es ist viel zu teuer ${i}`,
        },
        live,
      );
      expect(answered.status).toBe(200);
      const messages = (answered.body as unknown as ChatTurnResponse).messages.map((m) => m.context);
      expect(messages).toContain('Zum Preis.');
    }
  }, 90_000);

  it('an upload through one process is served by every process from the bucket, with ranges', async () => {
    const audio = mp3();
    const { payload, contentType } = audioUpload(surveyId, audio);
    const uploaded = await fetch(`${base}/api/upload_media`, {
      method: 'POST',
      headers: {
        'content-type': contentType,
        authorization: `Bearer ${token}`,
      },
      body: payload,
    });
    expect(uploaded.status).toBe(200);
    const name = ((await uploaded.json()) as { filename_db: string }).filename_db;
    for (let i = 0; i < 3; i++) {
      const whole = await fetch(`${base}/media/${name}`);
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(audio)).toBe(true);
    }
    const part = await fetch(`${base}/media/${name}`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(0, 100))).toBe(true);
    const list = await authorOk<{ media_files: { filename_db: string }[] }>('/api/get_media_list', {
      survey_id: surveyId,
    });
    expect(list.media_files.map((m) => m.filename_db)).toContain(name);
  });

  it('the export through any process has the answers given through all of them', async () => {
    const res = await fetch(`${base}/api/excel_export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ survey_id: surveyId, format: 'csv' }),
    });
    expect(res.status).toBe(200);
    const csv = await res.text();
    for (let i = 0; i < 3; i++) expect(csv).toContain(`Es ist viel zu teuer ${i}`);
  });

  it("a game's waitAPI call reaching another process wakes the player waiting on the first", async () => {
    const reg = await post(base, '/api/register_live_list', { survey_id_list: game.surveyIds });
    const live = reg.body.token_live as string;
    let r = (await post(base, '/api/multichat/start', { dialog_manager_id: FLOW }, live))
      .body as unknown as MultichatTurnResponse;
    for (let i = 0; i < 10 && !r.waiting; i++) {
      const input = r.input!;
      const answered = await post(
        base,
        '/api/multichat/answer',
        {
          dialog_manager_id: FLOW,
          survey_id: input.survey_id,
          unique_question_id: input.unique_question_id,
          nachfrage_id: input.nachfrage_id,
          turn: input.turn,
          answer: input.options[0],
        },
        live,
      );
      expect(answered.status).toBe(200);
      r = answered.body as unknown as MultichatTurnResponse;
    }
    expect(r.waiting).toBe(true);
    const waited = post(base, '/api/multichat/wait', { dialog_manager_id: FLOW, after_id: r.after_id }, live);
    await sleep(500);
    const sent = performance.now();
    // Round robin: this call goes to the process after the one holding the wait.
    const released = await post(
      base,
      `/api/trigger_api/${game.triggerId}`,
      { username_live: reg.body.username_live as string },
      undefined,
      { 'x-trigger-secret': game.secret },
    );
    expect(released).toEqual({ status: 200, body: { msg: 'success' } });
    const woke = (await waited).body as unknown as MultichatTurnResponse;
    expect(performance.now() - sent).toBeLessThan(3000);
    expect(woke.messages.map((m) => m.context).join('\n')).toContain('Das Labor hat geantwortet');
    expect(woke.waiting).toBe(false);
  }, 60_000);

  it('sends each chat start to the webhook exactly once, whichever process ran it and whichever worker sent it', async () => {
    const STARTS = 9;
    await Promise.all(Array.from({ length: STARTS }, () => respondent(hookSurveyId)));
    for (let i = 0; i < 200 && receiver.received.length < STARTS; i++) await sleep(50);
    // Time for a second worker to send one again, if it would.
    await sleep(1000);
    const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
    expect(ids).toHaveLength(STARTS);
    expect(new Set(ids).size).toBe(STARTS);
    const sessions = receiver.received.map(
      (r) => (JSON.parse(r.body) as { data: { session_id: number } }).data.session_id,
    );
    expect(new Set(sessions).size).toBe(STARTS);
  }, 60_000);
});
