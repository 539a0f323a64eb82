import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import type { DbHandle } from '../db/connect.ts';
import { blockId, createChatDialog } from '../test/chat-fixtures.ts';
import { postOk as post, serverEnv, startServer, stopChild } from '../test/child-server.ts';
import { createTestDatabase, usesPostgres } from '../test/databases.ts';
import { insertQuota } from './queries.ts';

/**
 * Three server processes on one PostgreSQL database (as behind a round-robin load balancer): 40
 * respondents spread over them race with their last answers for the last 4 places of a quota; exactly 4
 * are counted, the others end at the quota's end.
 */

describe.skipIf(!usesPostgres())('quotas across server processes (PostgreSQL)', () => {
  let database: DbHandle;
  const servers: ChildProcess[] = [];
  const urls: string[] = [];
  let surveyId = '';
  let quotaId = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const dialog = await createChatDialog({ database, clock: { now: Date.now() } }, [
      { id: 'gender', type: 'single_choice', context: 'Geschlecht?', options: ['Frau', 'Mann'] },
      { id: 'score', type: 'number', context: 'Zahl?', jump_to_question: 'END' },
      { id: 'full', type: 'end', context: 'Quote voll.', is_end: 1 },
    ]);
    surveyId = dialog.surveyId;
    const gender = blockId('gender', surveyId);
    quotaId = (
      await insertQuota(
        database.db,
        dialog.id,
        {
          name: 'Frauen',
          conditions: JSON.stringify([{ kind: 'block', block_id: gender, values: ['Frau'] }]),
          limit_count: 4,
          end_block: blockId('full', surveyId),
        },
        Date.now(),
      )
    ).id;
    const env = serverEnv(database.url!, {
      WEBHOOK_WORKER: '0',
    });
    for (const started of await Promise.all([startServer(env), startServer(env), startServer(env)])) {
      servers.push(started.child);
      urls.push(started.url);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopChild));
    await database?.close();
  }, 60_000);

  it('40 respondents on three processes, 4 places: exactly 4 counted', async () => {
    const waiting = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const base = urls[i % urls.length]!;
        const { token_live: token } = await post(base, '/api/register_live', { survey_id: surveyId });
        const start = (await post(
          base,
          '/api/chat/start',
          { survey_id: surveyId },
          token,
        )) as ChatTurnResponse;
        const input = start.input as { unique_question_id: string; turn?: number };
        const turn = (await post(
          base,
          '/api/chat/answer',
          {
            survey_id: surveyId,
            unique_question_id: input.unique_question_id,
            turn: input.turn,
            answer: 'Frau',
          },
          token,
        )) as ChatTurnResponse;
        return { base, token, input: turn.input as { unique_question_id: string; turn?: number } };
      }),
    );
    // The last answers go to the other process than the respondent began on, all at once.
    const finals = (await Promise.all(
      waiting.map((w, i) =>
        post(
          urls[(i + 1) % urls.length]!,
          '/api/chat/answer',
          {
            survey_id: surveyId,
            unique_question_id: w.input.unique_question_id,
            turn: w.input.turn,
            answer: 3,
          },
          w.token,
        ),
      ),
    )) as ChatTurnResponse[];
    expect(finals.every((f) => f.finished)).toBe(true);
    const ledOut = finals.filter((f) => f.messages.some((m) => m.context === 'Quote voll.'));
    expect(ledOut).toHaveLength(36);
    const members = await database.db
      .selectFrom('quota_members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('quota_id', '=', quotaId)
      .executeTakeFirstOrThrow();
    expect(Number(members.n)).toBe(4);
  }, 120_000);
});
