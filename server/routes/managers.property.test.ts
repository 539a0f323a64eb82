import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { TRIGGER_TYPES } from '../../contract/triggers.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  authorization,
  expectClientAnswer,
  expectNoServerErrors,
  junkString,
  urlChar,
} from '../test/arbitraries.ts';
import { addBlock, authorSession, call, liveToken, newDialog } from '../test/dialogs.ts';

/** Property: no body, path, header or token sent to a dialog manager or trigger call gives a 5xx. */

let t: TestApp;
const real = {
  token: '',
  tokens: [] as string[],
  managers: [] as number[],
  surveyIds: [] as string[],
  blocks: [] as string[],
  triggers: [] as number[],
};

beforeAll(async () => {
  t = await createTestApp();
  const owner = await authorSession(t);
  const stranger = await authorSession(t);
  real.token = owner.token;
  for (let i = 0; i < 3; i++) {
    const sid = await newDialog(t, owner.token, `Teil ${i}`);
    real.surveyIds.push(sid);
    real.blocks.push(await addBlock(t, owner.token, sid, 'single_choice'));
    real.blocks.push(await addBlock(t, owner.token, sid, 'message'));
  }
  const res = await call(t, owner.token, '/api/create_dialogmanager', {
    name: 'Spiel',
    connected_surveys: real.surveyIds.slice(0, 2).map((survey_id, i) => ({ survey_id, order: i + 1 })),
  });
  real.managers.push(res.json().dialog_manager_id);
  const trig = await call(t, owner.token, '/api/create_trigger', {
    dialog_manager_id: real.managers[0],
    survey_id: real.surveyIds[0],
    unique_question_id: real.blocks[0],
    trigger: `waitAPI;${real.surveyIds[1]};${real.blocks[2]}`,
  });
  real.triggers.push(trig.json().id);
  real.tokens = [owner.token, stranger.token, await liveToken(t, real.surveyIds[0]!)];
});
afterAll(() => t.close());

const id = () =>
  fc.oneof(
    fc.constantFrom(...real.managers, ...real.triggers),
    fc.integer({ min: -5, max: 50 }),
    fc.constantFrom(0, 2_147_483_647, 2_147_483_648, 1e20, 1.5, '3', '03', ' 3', '3a', ''),
  );
const surveyId = () => fc.oneof(fc.constantFrom(...real.surveyIds), junkString);
const blockId = () => fc.oneof(fc.constantFrom(...real.blocks), junkString);
const triggerText = () =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...TRIGGER_TYPES, 'jumpTo', ''), surveyId(), blockId())
      .map((parts) => parts.join(';')),
    junkString,
  );
const asset = () =>
  fc.oneof(fc.constantFrom('', '/img/a.svg', 'https://example.org/x.png', '/media/../x'), junkString);
const connected = () =>
  fc.array(
    fc.record(
      { survey_id: surveyId(), order: fc.oneof(fc.integer({ min: -2, max: 12_000 }), fc.constant(1.5)) },
      { requiredKeys: [] },
    ),
    { maxLength: 5 },
  );
const managerFields = () => ({
  name: fc.string({ maxLength: 250 }),
  game_title: fc.string({ maxLength: 250 }),
  description: junkString,
  favicon: asset(),
  meta_image: asset(),
  meta_text: junkString,
  additional_dms: fc.array(id(), { maxLength: 5 }),
  connected_surveys: connected(),
});

const posts: { url: string; fields: () => Record<string, fc.Arbitrary<unknown>> }[] = [
  { url: '/api/get_dialogmanager_list', fields: () => ({}) },
  { url: '/api/create_dialogmanager', fields: managerFields },
  { url: '/api/get_dialogmanager', fields: () => ({ dialog_manager_id: id() }) },
  { url: '/api/update_dialogmanager', fields: () => ({ dialog_manager_id: id(), ...managerFields() }) },
  { url: '/api/delete_dialogmanager', fields: () => ({ dialog_manager_id: id() }) },
  {
    url: '/api/create_trigger',
    fields: () => ({
      dialog_manager_id: id(),
      survey_id: surveyId(),
      unique_question_id: blockId(),
      trigger: triggerText(),
      init_survey: fc.oneof(fc.boolean(), fc.constantFrom(0, 1, 2, 'true', null)),
    }),
  },
  { url: '/api/reset_trigger_secret', fields: () => ({ id: id() }) },
  { url: '/api/disconnect_dialog', fields: () => ({ survey_id: surveyId() }) },
];

const segment = () =>
  fc.oneof(
    fc.constantFrom(...real.managers, ...real.triggers, ...real.surveyIds).map(String),
    fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
    fc.string({ unit: urlChar, maxLength: 30 }),
    fc.string().map(encodeURIComponent),
  );
const paths: { method: 'GET' | 'DELETE'; prefix: string }[] = [
  { method: 'GET', prefix: '/api/find_dialogmanager_status/' },
  { method: 'GET', prefix: '/api/get_connected_surveys/' },
  { method: 'GET', prefix: '/api/get_dialogmanager_trigger/' },
  { method: 'GET', prefix: '/api/get_trigger_targets/' },
  { method: 'GET', prefix: '/api/game_meta/' },
  { method: 'DELETE', prefix: '/api/delete_trigger/' },
];

describe('dialog manager and trigger calls under random input', () => {
  it.each(posts)('POST $url never answers 5xx (random requests and tokens)', async ({ url, fields }) => {
    await expectNoServerErrors(t.app, url, fields(), real.tokens, 60);
  });

  it.each(posts)('POST $url never answers 5xx (owner with malformed bodies)', async ({ url, fields }) => {
    await expectNoServerErrors(t.app, url, fields(), [real.token], 120, { ownTokens: true });
  });

  it.each(paths)('$method $prefix{id} never answers 5xx', async ({ method, prefix }) => {
    await fc.assert(
      fc.asyncProperty(segment(), authorization(real.tokens), async (seg, auth) => {
        const res = await t.app.inject({
          method,
          url: `${prefix}${seg}`,
          headers: auth === undefined ? {} : { authorization: auth },
        });
        expectClientAnswer(res);
      }),
      { numRuns: 120 },
    );
  });
});
