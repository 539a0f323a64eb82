import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalyticsFilters, analyticsFiltersSchema } from '../../../contract/analytics.ts';
import type { DbHandle } from '../../db/connect.ts';
import { blockId, createChatDialog } from '../../test/chat-fixtures.ts';
import { createTestDatabase } from '../../test/databases.ts';
import { sessionFilter, withFilteredSessions } from './filters.ts';

/**
 * withFilteredSessions answers by the rows' mode alone or by a table of the filtered sessions; either
 * way has() and sessions must accept exactly the sessions that the filters describe.
 */

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);
let database: DbHandle;
let dialog: { id: number; surveyId: string };
let other: { id: number };

beforeAll(async () => {
  database = await createTestDatabase();
  const host = { database, clock: { now: T0 } };
  const blocks = [{ id: 'q', type: 'single_choice' as const, options: ['ja', 'nein'] }];
  dialog = await createChatDialog(host, blocks);
  other = await createChatDialog(host, blocks);
});

afterAll(async () => {
  await database.close();
});

const sessionSpec = fc.record({
  mode: fc.constantFrom('live', 'test'),
  day: fc.integer({ min: 0, max: 9 }),
  finished: fc.boolean(),
  answer: fc.constantFrom('ja', 'nein', null),
});

const filterSpec = fc.record({
  mode: fc.constantFrom('live', 'test', 'all'),
  from: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
  to: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
  finished_only: fc.boolean(),
  answer: fc.option(fc.constantFrom('ja', 'nein'), { nil: null }),
});

describe('withFilteredSessions', () => {
  it('has() and sessions accept exactly the filtered sessions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(sessionSpec, { maxLength: 12 }),
        fc.array(filterSpec, { minLength: 1, maxLength: 4 }),
        async (sessions, filters) => {
          const db = database.db;
          await db.deleteFrom('chat_sessions').execute();
          for (const [i, s] of sessions.entries()) {
            // Every other session belongs to the other dialog: has() must never be asked about those.
            const survey = i % 3 === 2 ? other.id : dialog.id;
            const row = await db
              .insertInto('chat_sessions')
              .values({
                survey_id: survey,
                mode: s.mode,
                state: '{}',
                started_at: T0 + s.day * DAY,
                updated_at: T0 + s.day * DAY,
                finished_at: s.finished ? T0 + s.day * DAY + 1000 : null,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            if (s.answer !== null && survey === dialog.id) {
              await db
                .insertInto('answers')
                .values({
                  session_id: row.id,
                  survey_id: survey,
                  unique_question_id: blockId('q', dialog.surveyId),
                  kind: 'answer',
                  value: s.answer,
                  created_on: T0 + s.day * DAY + 500,
                  mode: s.mode,
                })
                .execute();
            }
          }
          for (const spec of filters) {
            const f: AnalyticsFilters = analyticsFiltersSchema.parse({
              mode: spec.mode,
              from: spec.from === null ? null : T0 + spec.from * DAY,
              // The schema wants to after from.
              to: spec.to === null ? null : T0 + Math.max(spec.to, (spec.from ?? -1) + 1) * DAY,
              finished_only: spec.finished_only,
              answer_equals:
                spec.answer === null
                  ? []
                  : [{ unique_question_id: blockId('q', dialog.surveyId), value: spec.answer }],
            });
            const expected = await db
              .selectFrom('chat_sessions as s')
              .select('s.id')
              .where(sessionFilter([dialog.id], f))
              .orderBy('s.id')
              .execute();
            const got = await withFilteredSessions(
              { db, dbKind: database.kind },
              [dialog.id],
              f,
              async (trx, filtered) => {
                const query = () => trx.selectFrom('chat_sessions as s').select('s.id').orderBy('s.id');
                return {
                  byRow: await query()
                    .where('s.survey_id', '=', dialog.id)
                    .where(filtered.has('s', 'id'))
                    .execute(),
                  sessions: await query().where(filtered.sessions).execute(),
                };
              },
            );
            expect(got.byRow.map((r) => r.id)).toEqual(expected.map((r) => r.id));
            expect(got.sessions.map((r) => r.id)).toEqual(expected.map((r) => r.id));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('leaves no temporary table behind, also after a failure inside', async () => {
    const db = database.db;
    await db.deleteFrom('chat_sessions').execute();
    for (const mode of ['live', 'live', 'test'] as const) {
      await db
        .insertInto('chat_sessions')
        .values({ survey_id: dialog.id, mode, state: '{}', started_at: T0, updated_at: T0 })
        .execute();
    }
    const f = analyticsFiltersSchema.parse({});
    const ctx = { db, dbKind: database.kind };
    const seen = await withFilteredSessions(ctx, [dialog.id], f, (trx, s) =>
      trx.selectFrom('chat_sessions as s').select('s.id').where(s.has('s', 'id')).execute(),
    );
    expect(seen).toHaveLength(2);
    await expect(
      withFilteredSessions(ctx, [dialog.id], f, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const left =
      database.kind === 'postgres'
        ? await sql`select relname from pg_class where relname = 'analytics_sessions'`.execute(db)
        : await sql`select name from sqlite_temp_master where name = 'analytics_sessions'`.execute(db);
    expect(left.rows).toEqual([]);
  });
});
