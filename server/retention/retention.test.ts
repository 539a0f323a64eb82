import { describe, expect, it } from 'vitest';
import { type BlockSpec, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { call } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';
import { runRetention } from './job.ts';
import { releaseLease, takeLease } from './lease-queries.ts';

/** 'Antworten löschen nach N Tagen': the setting, the job in batches, and one runner among processes. */
const DAY_MS = 86_400_000;
const DIALOG: BlockSpec[] = [{ id: 'q', type: 'open_text', context: 'Was denken Sie?' }];

const t = appForFile();
const owner = authorForFile(t);

async function respondents(surveyId: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { token_live } = await registerLive(t, surveyId);
    const start = await chatOk(t, token_live, '/api/chat/start', { survey_id: surveyId });
    await chatOk(t, token_live, '/api/chat/answer', {
      survey_id: surveyId,
      unique_question_id: start.input!.unique_question_id,
      turn: start.input!.turn,
      answer: `Antwort ${i}`,
    });
    const row = await t.database.db
      .selectFrom('chat_sessions')
      .select('id')
      .where(
        'participant_id',
        '=',
        (
          await t.database.db
            .selectFrom('participants')
            .select('id')
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

async function age(sessionIds: number[], days: number) {
  await t.database.db
    .updateTable('chat_sessions')
    .set({ updated_at: t.clock.now - days * DAY_MS })
    .where('id', 'in', sessionIds)
    .execute();
}

const count = async (table: 'chat_sessions' | 'chat_messages' | 'answers', sessionIds: number[]) =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where(table === 'chat_sessions' ? 'id' : 'session_id', 'in', sessionIds)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the retention setting', () => {
  it('is off by default; the owner sets it within 1–3650 days or switches it off', async () => {
    const { surveyId } = await createChatDialog(t, DIALOG, { ownerId: owner.id });
    const get = async () =>
      (await call(t, owner.token, '/api/get_retention', { survey_id: surveyId })).json();
    expect(await get()).toEqual({ retention_days: null });
    const set = (days: unknown) =>
      call(t, owner.token, '/api/set_retention', { survey_id: surveyId, retention_days: days });
    expect((await set(30)).statusCode).toBe(200);
    expect(await get()).toEqual({ retention_days: 30 });
    expect((await set(0)).statusCode).toBe(400);
    expect((await set(3651)).statusCode).toBe(400);
    expect((await set(null)).statusCode).toBe(200);
    expect(await get()).toEqual({ retention_days: null });
    const entries = (await call(t, owner.token, '/api/audit/dialog', { survey_id: surveyId })).json().entries;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'retention_changed',
      'retention_changed',
    ]);
  });
});

describe('the retention job', () => {
  it('deletes, in batches, the sessions with their messages and answers whose last activity is too old', async () => {
    const kept = await createChatDialog(t, DIALOG, { ownerId: owner.id });
    const pruned = await createChatDialog(t, DIALOG, { ownerId: owner.id });
    await call(t, owner.token, '/api/set_retention', { survey_id: pruned.surveyId, retention_days: 30 });
    const old = await respondents(pruned.surveyId, 5);
    const recent = await respondents(pruned.surveyId, 2);
    const oldButKept = await respondents(kept.surveyId, 2);
    await age(old, 31);
    await age(recent, 29);
    await age(oldButKept, 400);
    expect(await count('answers', old)).toBe(5);

    const run = await runRetention(t.ctx, { batch: 2 });
    expect(run).toEqual({ dialogs: 1, sessions: 5 });
    expect(await count('chat_sessions', old)).toBe(0);
    expect(await count('chat_messages', old)).toBe(0);
    expect(await count('answers', old)).toBe(0);
    expect(await count('chat_sessions', recent)).toBe(2);
    expect(await count('answers', recent)).toBe(2);
    expect(await count('chat_sessions', oldButKept)).toBe(2);

    const entries = (await call(t, owner.token, '/api/audit/dialog', { survey_id: pruned.surveyId })).json()
      .entries;
    expect(entries[0]).toMatchObject({ action: 'retention_run', details: { days: 30, sessions: 5 } });
    expect(await runRetention(t.ctx)).toEqual({ dialogs: 0, sessions: 0 });
  });

  it('runs in one process at a time: a second runner waits for the lease, a dead holder loses it', async () => {
    // While one process holds the lease, another's run does nothing; after its release the other runs.
    expect(await takeLease(t.ctx.db, 'retention', 'process-a', t.clock.now, 60_000)).toBe(true);
    expect(await runRetention(t.ctx, { holder: 'process-b' })).toBeNull();
    await releaseLease(t.ctx.db, 'retention', 'process-a');
    expect(await runRetention(t.ctx, { holder: 'process-b' })).not.toBeNull();

    await t.database.db
      .updateTable('job_leases')
      .set({ holder: 'dead', until: t.clock.now + 60_000 })
      .where('name', '=', 'retention')
      .execute();
    expect(await runRetention(t.ctx, { holder: 'process-a' })).toBeNull();
    t.clock.now += 61_000;
    expect(await runRetention(t.ctx, { holder: 'process-a' })).not.toBeNull();
  });
});
