import { beforeAll, describe, expect, it } from 'vitest';
import type { ExamplesResponse, StatusResponse } from '../../contract/training.ts';
import { renamedBranches } from '../dialogs/rename-options.ts';
import { blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { call, internalId, setField } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

describe('renamedBranches', () => {
  it('pairs an old label that is gone with the new label at its position', () => {
    expect(renamedBranches(['Gut', 'Schlecht'], ['Positiv', 'Schlecht'])).toEqual([['Gut', 'Positiv']]);
    expect(renamedBranches(['a', 'b'], ['x', 'y'])).toEqual([
      ['a', 'x'],
      ['b', 'y'],
    ]);
  });

  it('renames nothing when options are added, removed, swapped or kept', () => {
    expect(renamedBranches(['a', 'b'], ['a', 'b', 'c'])).toEqual([]);
    expect(renamedBranches(['a', 'b'], ['a'])).toEqual([]);
    expect(renamedBranches(['a', 'b'], ['b', 'a'])).toEqual([]);
    expect(renamedBranches(['a', 'b'], ['a', 'b'])).toEqual([]);
    // 'b' moved to the first place and 'c' is new: 'a' is not renamed to a label that existed.
    expect(renamedBranches(['a', 'b'], ['b', 'c'])).toEqual([]);
  });
});

/** Renaming an option through the configurator's block update keeps the branch's training (QA finding). */
let sid: string;
let q: string;
const t = appForFile();
const me = authorForFile(t);
beforeAll(async () => {
  const dialog = await createChatDialog(
    t,
    [
      {
        id: 'q',
        type: 'open_text',
        context: 'Wie war Ihr Tag?',
        options: ['Gut', 'Schlecht'],
        jump_to_ids: ['g', 's'],
        jump_to_question: 'n',
      },
      { id: 'g', type: 'message', context: 'Zweig gut.', jump_to_question: 'END' },
      { id: 's', type: 'message', context: 'Zweig schlecht.', jump_to_question: 'END' },
      { id: 'n', type: 'message', context: 'Zweig keiner.', jump_to_question: 'END' },
    ],
    { ownerId: me.id, active: true },
  );
  sid = dialog.surveyId;
  q = blockId('q', sid);
});

async function ok<T>(path: string, body: object): Promise<T> {
  const res = await call(t, me.token, `/api/training/${path}`, { survey_id: sid, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const status = () => ok<StatusResponse>('status', { unique_question_id: q });

async function routed(text: string): Promise<string[]> {
  const { token_live: token } = await registerLive(t, sid);
  const start = await chatOk(t, token, '/api/chat/start', { survey_id: sid });
  const turn = await chatOk(t, token, '/api/chat/answer', {
    survey_id: sid,
    unique_question_id: q,
    turn: start.input!.turn,
    answer: text,
  });
  return turn.messages.map((m) => m.context);
}

const EXAMPLES: Record<string, string[]> = {
  Gut: ['Mir geht es super', 'Ein schöner Tag', 'Alles bestens', 'Richtig gut gelaunt', 'Toller Tag heute'],
  Schlecht: [
    'Ein furchtbarer Tag',
    'Mir geht es mies',
    'Alles ging schief',
    'Total schlecht',
    'Ich bin traurig',
  ],
  none: ['keine Ahnung', 'Hallo', 'egal', 'Das Wetter', 'nichts'],
};

it('renaming an option keeps its examples, inbox suggestions, metrics and routing', async () => {
  for (const [branch, texts] of Object.entries(EXAMPLES)) {
    for (const text of texts) await ok('add_example', { unique_question_id: q, branch, text });
  }
  await ok('train', { unique_question_id: q });
  for (let i = 0; i < 300 && (await status()).status === 'training'; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await status()).toMatchObject({ status: 'done', version: 1 });
  expect(await routed('Mir geht es super')).toContain('Zweig gut.');

  await t.database.db
    .insertInto('training_inbox')
    .values({
      survey_id: await internalId(t, sid),
      unique_question_id: q,
      answer_id: null,
      text: 'ganz okay',
      branch: 'Gut',
      confidence: 0.4,
      flagged: 0,
      resolved_at: null,
      created_at: Date.now(),
    })
    .execute();

  const res = await setField(t, me.token, sid, q, 'options', ['Positiv', 'Schlecht']);
  expect(res.statusCode, res.body).toBe(200);

  const examples = await ok<ExamplesResponse>('get_examples', { unique_question_id: q });
  expect(examples.branches.map((b) => [b.branch, b.count])).toEqual([
    ['Positiv', 5],
    ['Schlecht', 5],
  ]);
  const inbox = await ok<{ items: { text: string; branch: string | null }[] }>('get_inbox', {
    unique_question_id: q,
  });
  expect(inbox.items.find((i) => i.text === 'ganz okay')?.branch).toBe('Positiv');
  // The model was trained on exactly these examples: it stays current, under the new name.
  const after = await status();
  expect(after).toMatchObject({ status: 'done', version: 2 });
  expect(after.metrics!.per_branch.map((b) => b.branch)).toEqual(['Positiv', 'Schlecht', 'none']);
  expect(after.metrics!.confusion.labels).toEqual(['Positiv', 'Schlecht', 'none']);
  expect(await routed('Mir geht es super')).toContain('Zweig gut.');
  const answer = await t.database.db
    .selectFrom('answers')
    .select('branch')
    .where('unique_question_id', '=', q)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(answer.branch).toBe('Positiv');

  // Undo (the update back) renames it back.
  expect((await setField(t, me.token, sid, q, 'options', ['Gut', 'Schlecht'])).statusCode).toBe(200);
  const back = await ok<ExamplesResponse>('get_examples', { unique_question_id: q });
  expect(back.branches.map((b) => [b.branch, b.count])).toEqual([
    ['Gut', 5],
    ['Schlecht', 5],
  ]);
  expect(await status()).toMatchObject({ status: 'done', version: 3 });
});

it('adding an option renames nothing', async () => {
  expect((await setField(t, me.token, sid, q, 'options', ['Gut', 'Schlecht', 'Müde'])).statusCode).toBe(200);
  const examples = await ok<ExamplesResponse>('get_examples', { unique_question_id: q });
  expect(examples.branches.map((b) => [b.branch, b.count])).toEqual([
    ['Gut', 5],
    ['Schlecht', 5],
    ['Müde', 0],
  ]);
  expect((await status()).version).toBe(3);
});
