import { describe, expect, it } from 'vitest';
import type { MultichatTurnResponse } from '../../contract/multichat.ts';
import { blockId, createChatDialog } from '../test/chat-fixtures.ts';
import { call, createManager, setField } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

/** A multi-dialog game whose dialogs the author changes and publishes while a player is in it (issue 21). */

const t = appForFile({ LIVE_REGISTRATIONS_PER_ADDRESS: '1000' });
const owner = authorForFile(t);

const choice = (id: string, context: string) => ({
  id,
  type: 'single_choice' as const,
  context,
  options: ['Ok'],
});

async function ok(token: string, path: string, payload: object) {
  const res = await call(t, token, path, payload);
  expect(res.statusCode, `${path} ${res.body}`).toBe(200);
  return res.json();
}

/** A: A1, A2? (moves to B), A3? (waits for B2); B: B1, B2?. Both work with 'Mit Veröffentlichen'. */
async function game() {
  const opts = { ownerId: owner.id, settings: { welcome: '', ending: '' } };
  const a = (
    await createChatDialog(
      t,
      [{ id: 'a1', type: 'message', context: 'A1' }, choice('a2', 'A2?'), choice('a3', 'A3?')],
      opts,
    )
  ).surveyId;
  const b = (
    await createChatDialog(t, [{ id: 'b1', type: 'message', context: 'B1' }, choice('b2', 'B2?')], opts)
  ).surveyId;
  const manager = await createManager(t, owner.token, 'Spiel', [a, b]);
  for (const [from, type, to, init] of [
    [[a, 'a2'], 'moveTo', [b, 'b1'], true],
    [[a, 'a3'], 'waitFor', [b, 'b2'], false],
  ] as const) {
    const res = await call(t, owner.token, '/api/create_trigger', {
      dialog_manager_id: manager,
      survey_id: from[0],
      unique_question_id: blockId(from[1], from[0]),
      trigger: `${type};${to[0]};${blockId(to[1], to[0])}`,
      init_survey: init,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  for (const sid of [a, b])
    await ok(owner.token, '/api/set_version_mode', { survey_id: sid, mode: 'publish' });
  return { a, b, manager };
}

async function player(sids: string[], manager: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register_live_list',
    payload: { survey_id_list: sids },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = (res.json() as { token_live: string }).token_live;
  let turn: MultichatTurnResponse = await ok(token, '/api/multichat/start', { dialog_manager_id: manager });
  const said = () => turn.messages.filter((m) => m.user_or_bot === 'bot').map((m) => m.context);
  return {
    said,
    async answer() {
      const input = turn.input!;
      turn = await ok(token, '/api/multichat/answer', {
        dialog_manager_id: manager,
        survey_id: input.survey_id,
        unique_question_id: input.unique_question_id,
        nachfrage_id: input.nachfrage_id,
        turn: input.turn,
        answer: 'Ok',
      });
      return said();
    },
  };
}

describe('a multi-dialog game keeps each dialog on the version its chat started on', () => {
  it('the author edits and publishes both dialogs while a player is in the game', async () => {
    const { a, b, manager } = await game();
    const early = await player([a, b], manager);
    expect(early.said()).toEqual(['A1', 'A2?']);
    expect(await early.answer()).toEqual(['B1', 'B2?']);

    await setField(t, owner.token, a, blockId('a3', a), 'context', 'A3 neu?');
    await setField(t, owner.token, b, blockId('b2', b), 'context', 'B2 neu?');
    // Drafts reach nobody: a player starting now gets the published texts.
    const beforePublish = await player([a, b], manager);
    await beforePublish.answer();
    expect(beforePublish.said()).toEqual(['B1', 'B2?']);

    for (const sid of [a, b]) await ok(owner.token, '/api/publish_version', { survey_id: sid, note: 'neu' });
    // The early player goes on in both dialogs on the versions their chats started on.
    expect(await early.answer()).toEqual(['A3?']);
    // A player starting after the publish gets the new versions.
    const late = await player([a, b], manager);
    expect(await late.answer()).toEqual(['B1', 'B2 neu?']);
    expect(await late.answer()).toEqual(['A3 neu?']);

    const versionsOf = async (sid: string) =>
      (await ok(owner.token, '/api/list_versions', { survey_id: sid })) as {
        versions: { number: number; chats: number; live: boolean }[];
      };
    expect((await versionsOf(a)).versions.map((v) => [v.number, v.chats, v.live])).toEqual([
      [2, 1, true],
      [1, 2, false],
    ]);
    expect((await versionsOf(b)).versions.map((v) => [v.number, v.chats, v.live])).toEqual([
      [2, 1, true],
      [1, 2, false],
    ]);
  });
});
