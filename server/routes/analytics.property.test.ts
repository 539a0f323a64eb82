import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ANALYTICS_ROUTES } from '../../contract/analytics.ts';
import { insertRespondent } from '../test/analytics-data.ts';
import { createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { expectNoServerErrors, junkString, text } from '../test/arbitraries.ts';
import { blockId, createChatDialog } from '../test/chat-fixtures.ts';
import { liveToken } from '../test/dialogs.ts';

/** Property: no body, header or token sent to an Analyse call or the export gives a 5xx (issue 8). */

let t: TestApp;
const real = {
  surveyIds: [] as string[],
  blocks: [] as string[],
  sessions: [] as number[],
  managers: [] as number[],
};
let tokens: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createAuthor(t);
  const ownerToken = (await loginAs(t, owner.username, owner.password)).token;
  const dialog = await createChatDialog(
    t,
    [
      { id: 'sc', type: 'single_choice', options: ['ja', 'nein'], nachfrage: 'Warum?' },
      { id: 'mc', type: 'multiple_choice', options: ['a', 'b'] },
      { id: 'nr', type: 'number' },
      { id: 'ot', type: 'open_text' },
    ],
    { ownerId: owner.id },
  );
  real.surveyIds.push(dialog.surveyId);
  real.blocks.push(...['sc', 'mc', 'nr', 'ot'].map((id) => blockId(id, dialog.surveyId)));
  const now = t.clock.now;
  real.sessions.push(
    await insertRespondent(t, dialog, {
      mode: 'live',
      started: now,
      finished: now + 5000,
      steps: [
        {
          block: 'sc',
          shown: now,
          answered: now + 1000,
          values: ['ja'],
          followup: { asked: now + 1000, answered: now + 2000, value: 'so' },
        },
        { block: 'mc', shown: now + 2000, answered: now + 3000, values: ['a', 'b'] },
        { block: 'nr', shown: now + 3000, answered: now + 4000, values: [{ value: '7', num: 7 }] },
        { block: 'ot', shown: now + 4000, answered: now + 5000, values: ['50%_\\'] },
      ],
    }),
  );
  const manager = await t.database.db
    .insertInto('dialog_managers')
    .values({ name: 'Spiel', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('manager_surveys')
    .values({ dialog_manager_id: manager.id, survey_id: dialog.id, ord: 1 })
    .execute();
  real.managers.push(manager.id);
  tokens = [ownerToken, await liveToken(t, dialog.surveyId)];
});
afterAll(() => t.close());

const realOr = <T>(values: () => T[], other: fc.Arbitrary<T>) =>
  fc.oneof(fc.constantFrom(...values()), other);
const surveyId = () => realOr(() => real.surveyIds, text(1, 70));
const block = () => realOr(() => real.blocks, text(1, 110));
const int = () =>
  fc.oneof(fc.integer({ min: -5, max: 3_000_000_000 }), fc.double(), fc.constantFrom(0, 1, 2));
const filters = () =>
  fc.record(
    {
      mode: fc.oneof(fc.constantFrom('live', 'test', 'all'), junkString),
      from: fc.oneof(fc.constant(null), int(), fc.integer({ min: 0, max: 4_102_444_800_000 })),
      to: fc.oneof(fc.constant(null), int(), fc.integer({ min: 0, max: 4_102_444_800_000 })),
      finished_only: fc.oneof(fc.boolean(), junkString),
      answer_equals: fc.array(
        fc.record({
          unique_question_id: block(),
          value: fc.oneof(fc.constantFrom('ja', 'a', '7'), text(0, 2100)),
        }),
        { maxLength: 12 },
      ),
      tz_offset_minutes: fc.oneof(fc.integer({ min: -900, max: 900 }), fc.double()),
    },
    { requiredKeys: [] },
  );
const paging = () => ({ page: int(), page_size: fc.oneof(fc.integer({ min: -1, max: 300 }), int()) });

const calls: { url: string; fields: () => Record<string, fc.Arbitrary<unknown>> }[] = [
  { url: ANALYTICS_ROUTES.summary, fields: () => ({ survey_id: surveyId(), filters: filters() }) },
  {
    url: ANALYTICS_ROUTES.answers,
    fields: () => ({
      survey_id: surveyId(),
      filters: filters(),
      unique_question_id: block(),
      search: fc.oneof(text(0, 210), fc.constantFrom('%', '_', '\\', "'", '50%_')),
      ...paging(),
    }),
  },
  {
    url: ANALYTICS_ROUTES.crosstab,
    fields: () => ({
      survey_id: surveyId(),
      filters: filters(),
      row_question_id: block(),
      column_question_id: block(),
    }),
  },
  {
    url: ANALYTICS_ROUTES.respondents,
    fields: () => ({ survey_id: surveyId(), filters: filters(), ...paging() }),
  },
  ...[ANALYTICS_ROUTES.transcript, ANALYTICS_ROUTES.deleteRespondent].map((url) => ({
    url,
    fields: () => ({ survey_id: surveyId(), session_id: realOr(() => real.sessions, int()) }),
  })),
  {
    url: ANALYTICS_ROUTES.managerSummary,
    fields: () => ({ dialog_manager_id: realOr(() => real.managers, int()), filters: filters() }),
  },
  {
    url: ANALYTICS_ROUTES.export,
    fields: () => ({
      survey_id: fc.oneof(fc.constant(undefined), surveyId()),
      dialog_manager_id: fc.oneof(
        fc.constant(undefined),
        realOr(() => real.managers, int()),
      ),
      format: fc.oneof(fc.constantFrom('xlsx', 'csv'), junkString),
      filters: filters(),
    }),
  },
];

describe('Analyse calls under random input', () => {
  it.each(calls)('POST $url never answers 5xx', async ({ url, fields }) => {
    await expectNoServerErrors(t.app, url, fields(), tokens, 60);
  });
});
