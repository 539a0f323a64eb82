import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  authorization,
  expectClientAnswer,
  expectNoServerErrors,
  junkString,
  objectBody,
  randomHeaders,
} from '../test/arbitraries.ts';
import { addBlock, authorSession, call, newDialog } from '../test/dialogs.ts';

/** Property: no body, path, header or token sent to a multichat call or the inbound trigger call gives a 5xx. */

let t: TestApp;
const real = {
  token: '',
  /** Tokens that play the game (start, answer, history, restart). */
  players: [] as string[],
  /** Tokens that never begin a game: /wait answers them at once (404) instead of holding 25 s. */
  idle: [] as string[],
  /** Tokens whose game withdrawing consent may delete, kept apart so the other calls keep theirs. */
  leavers: [] as string[],
  managers: [] as number[],
  surveyIds: [] as string[],
  blocks: [] as string[],
  triggers: [] as number[],
  secrets: [] as string[],
  usernames: [] as string[],
};

async function registerList(sids: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register_live_list',
    payload: { survey_id_list: sids },
  });
  return res.json() as { token_live: string; username_live: string };
}

beforeAll(async () => {
  t = await createTestApp({ LIVE_REGISTRATIONS_PER_ADDRESS: '1000' });
  const owner = await authorSession(t);
  const stranger = await authorSession(t);
  real.token = owner.token;
  for (let i = 0; i < 2; i++) {
    const sid = await newDialog(t, owner.token, `Teil ${i}`);
    await t.database.db.updateTable('surveys').set({ active: 1 }).where('survey_id', '=', sid).execute();
    real.surveyIds.push(sid);
    real.blocks.push(await addBlock(t, owner.token, sid, 'single_choice'));
    real.blocks.push(await addBlock(t, owner.token, sid, 'message'));
  }
  const res = await call(t, owner.token, '/api/create_dialogmanager', {
    name: 'Spiel',
    connected_surveys: real.surveyIds.map((survey_id, i) => ({ survey_id, order: i + 1 })),
  });
  real.managers.push(res.json().dialog_manager_id);
  const trig = await call(t, owner.token, '/api/create_trigger', {
    dialog_manager_id: real.managers[0],
    survey_id: real.surveyIds[0],
    unique_question_id: real.blocks[1],
    trigger: `waitAPI;${real.surveyIds[1]};${real.blocks[2]}`,
  });
  real.triggers.push(trig.json().id);
  real.secrets.push(trig.json().api_secret);
  const player = await registerList(real.surveyIds);
  const idle = await registerList(real.surveyIds);
  real.usernames.push(player.username_live, idle.username_live);
  real.players = [owner.token, stranger.token, player.token_live];
  real.idle = [stranger.token, idle.token_live];
  const leaver = await registerList(real.surveyIds);
  real.leavers = [owner.token, stranger.token, leaver.token_live];
  for (const token of [owner.token, player.token_live, leaver.token_live]) {
    await call(t, token, '/api/multichat/start', { dialog_manager_id: real.managers[0] });
  }
});
afterAll(() => t.close());

const id = () =>
  fc.oneof(
    fc.constantFrom(...real.managers, ...real.triggers),
    fc.integer({ min: -5, max: 50 }),
    fc.constantFrom(0, 2_147_483_647, 2_147_483_648, 1e20, 1.5, '3', '03', ' 3', '3a', ''),
  );
const answer = () =>
  fc.oneof(
    junkString,
    fc.constantFrom('Option 1', 'Option 2', ''),
    fc.double(),
    fc.array(junkString, { maxLength: 5 }),
    fc.constant(null),
  );
const answerFields = () => ({
  dialog_manager_id: id(),
  survey_id: fc.oneof(fc.constantFrom(...real.surveyIds), junkString),
  unique_question_id: fc.oneof(fc.constantFrom(...real.blocks), junkString),
  nachfrage_id: fc.oneof(fc.constant(null), fc.constantFrom(...real.blocks), junkString),
  turn: fc.oneof(fc.integer({ min: -2, max: 10 }), fc.constant(1.5)),
  answer: answer(),
});

const posts: { url: string; tokens: () => string[]; fields: () => Record<string, fc.Arbitrary<unknown>> }[] =
  [
    { url: '/api/multichat/start', tokens: () => real.players, fields: () => ({ dialog_manager_id: id() }) },
    {
      url: '/api/multichat/history',
      tokens: () => real.players,
      fields: () => ({ dialog_manager_id: id() }),
    },
    {
      url: '/api/multichat/restart',
      tokens: () => real.players,
      fields: () => ({ dialog_manager_id: id() }),
    },
    { url: '/api/multichat/answer', tokens: () => real.players, fields: answerFields },
    { url: '/api/multichat/delete', tokens: () => real.leavers, fields: () => ({ dialog_manager_id: id() }) },
    {
      url: '/api/multichat/wait',
      tokens: () => real.idle,
      fields: () => ({
        dialog_manager_id: id(),
        after_id: fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.constantFrom(1.5, 2 ** 60, '3', null)),
      }),
    },
  ];

describe('multichat calls under random input', () => {
  it.each(posts)(
    'POST $url never answers 5xx (random requests and tokens)',
    async ({ url, tokens, fields }) => {
      await expectNoServerErrors(t.app, url, fields(), tokens(), 50);
    },
  );

  it.each(posts)('POST $url never answers 5xx (malformed bodies)', async ({ url, tokens, fields }) => {
    await expectNoServerErrors(t.app, url, fields(), tokens(), 100, { ownTokens: true });
  });

  it('POST /api/trigger_api/{id} never answers 5xx', async () => {
    const segment = fc.oneof(
      fc.constantFrom(...real.triggers).map(String),
      fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
      fc.string({ maxLength: 20 }).map(encodeURIComponent),
    );
    const secret = fc.oneof(
      fc.constantFrom(...real.secrets),
      fc.string({ maxLength: 60 }),
      fc.constant(undefined),
    );
    const body = objectBody({
      username_live: fc.oneof(fc.constantFrom(...real.usernames), junkString),
      user_id: id(),
    });
    await fc.assert(
      fc.asyncProperty(
        segment,
        secret,
        body,
        randomHeaders,
        authorization(real.players),
        async (seg, s, b, h, auth) => {
          const headers: Record<string, string> = { ...h };
          if (s !== undefined) headers['x-trigger-secret'] = s;
          if (auth !== undefined) headers.authorization = auth;
          expectClientAnswer(
            await t.app.inject({
              method: 'POST',
              url: `/api/trigger_api/${seg}`,
              payload: b as object,
              headers,
            }),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
