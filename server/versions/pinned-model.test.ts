import { describe, expect, it } from 'vitest';
import type { StatusResponse } from '../../contract/training.ts';
import type { DiffVersionsResponse } from '../../contract/versions.ts';
import { blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { call } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';
import { PRICE_SERVICE_EXAMPLES } from '../test/training-examples.ts';

/**
 * A free-text block's routing model is part of the version (issue 21): a chat that started before a
 * training routes by what its version had (here: label matching), a chat that starts after it by the
 * new model; the diff names the model as the block's routing_model.
 */

const t = appForFile();
const me = authorForFile(t);

const SPECS = [
  { id: 'q', type: 'open_text', context: 'Was stört Sie?', options: ['Preis', 'Service'] },
  { id: 'e', type: 'message', context: 'Danke.' },
] as const;

async function ok<T>(url: string, body: object): Promise<T> {
  const res = await call(t, me.token, url, body);
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json() as T;
}

async function train(surveyId: string, q: string) {
  for (const [branch, texts] of Object.entries(PRICE_SERVICE_EXAMPLES)) {
    for (const text of texts) {
      await ok('/api/training/add_example', { survey_id: surveyId, unique_question_id: q, branch, text });
    }
  }
  await ok('/api/training/train', { survey_id: surveyId, unique_question_id: q });
  for (let i = 0; i < 300; i++) {
    const status = await ok<StatusResponse>('/api/training/status', {
      survey_id: surveyId,
      unique_question_id: q,
    });
    if (status.status !== 'training') return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const routingOf = (surveyInt: number, value: string) =>
  t.database.db
    .selectFrom('answers')
    .select(['branch', 'routing_source'])
    .where('survey_id', '=', surveyInt)
    .where('value', '=', value)
    .executeTakeFirstOrThrow();

describe('the routing model is pinned by the version a chat started on', () => {
  it('a chat begun before the training routes by labels, one begun after it by the model', async () => {
    const dialog = await createChatDialog(t, [...SPECS], { ownerId: me.id });
    const s = dialog.surveyId;
    const q = blockId('q', s);
    const answer = async (token: string, turn: number, text: string) =>
      chatOk(t, token, '/api/chat/answer', { survey_id: s, unique_question_id: q, turn, answer: text });

    const early = (await registerLive(t, s)).token_live;
    const earlyTurn = (await chatOk(t, early, '/api/chat/start', { survey_id: s })).input!.turn;
    await train(s, q);
    const late = (await registerLive(t, s)).token_live;
    const lateTurn = (await chatOk(t, late, '/api/chat/start', { survey_id: s })).input!.turn;

    await answer(early, earlyTurn!, 'Es ist mir viel zu teuer');
    await answer(late, lateTurn!, 'Das ist alles viel zu teuer');
    expect(await routingOf(dialog.id, 'Es ist mir viel zu teuer')).toEqual({
      branch: null,
      routing_source: 'labels',
    });
    expect(await routingOf(dialog.id, 'Das ist alles viel zu teuer')).toEqual({
      branch: 'Preis',
      routing_source: 'model',
    });

    const diff = await ok<DiffVersionsResponse>('/api/diff_versions', { survey_id: s, from: 1, to: 2 });
    expect(diff.blocks.changed).toHaveLength(1);
    expect(diff.blocks.changed[0]!.fields).toEqual([
      { field: 'routing_model', before: null, after: { version: 1, threshold: null } },
    ]);
  }, 60_000);
});
