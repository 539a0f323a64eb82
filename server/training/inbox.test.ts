import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import { FLAGGABLE_ENTRY_TYPE } from '../../contract/chat-feedback.ts';
import type { ExamplesResponse, InboxResponse, StatusResponse } from '../../contract/training.ts';
import { DUPLICATE_EXAMPLE_MSG, NONE_BRANCH } from '../../contract/training.ts';
import type { TestApp } from '../test/app.ts';
import { createTestApp } from '../test/app.ts';
import { blockId, chatCall, chatOk, createChatDialog } from '../test/chat-fixtures.ts';
import { authorSession, call, type Session } from '../test/dialogs.ts';
import { PRICE_SERVICE_EXAMPLES } from '../test/training-examples.ts';
import { classify, type NluModel } from './classifier.ts';

/**
 * The training inbox through the real app: unsure answers of the assessment chat with the model's top
 * guess, flagging them there ('Falsch zugeordnet', also as 'keiner davon') without a second entry, and
 * assigning them as examples once.
 */

let t: TestApp;
let me: Session;
let sid: string;
let q: string;

const post = (path: string, body: object) =>
  call(t, me.token, `/api/training/${path}`, { survey_id: sid, ...body });

async function ok<T>(path: string, body: object): Promise<T> {
  const res = await post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

beforeAll(async () => {
  t = await createTestApp();
  me = await authorSession(t);
  const dialog = await createChatDialog(
    t,
    [
      { id: 'q', type: 'open_text', context: 'Was stört Sie am meisten?', options: ['Preis', 'Service'] },
      { id: 'e', type: 'message', context: 'Danke.', jump_to_question: 'END' },
    ],
    { ownerId: me.id, active: false },
  );
  sid = dialog.surveyId;
  q = blockId('q', sid);
  for (const [branch, texts] of Object.entries(PRICE_SERVICE_EXAMPLES)) {
    for (const text of texts) await ok('add_example', { unique_question_id: q, branch, text });
  }
  await ok('train', { unique_question_id: q });
  for (let i = 0; i < 300; i++) {
    const status = await ok<StatusResponse>('status', { unique_question_id: q });
    if (status.status !== 'training') {
      expect(status.status).toBe('done');
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);
afterAll(() => t.close());

/** A fresh test chat of the author that answered the routed block with `text`; the entry's seq. */
async function testAnswer(text: string) {
  await chatOk(t, me.token, '/api/restart_delete', { survey_id: sid, action: 'restart', live: false });
  const start = await chatOk(t, me.token, '/api/chat/start', { survey_id: sid });
  expect(start.input).toMatchObject({ unique_question_id: q });
  await chatOk(t, me.token, '/api/chat/answer', {
    survey_id: sid,
    unique_question_id: q,
    turn: start.input!.turn,
    answer: text,
  });
  const history: ChatTurnResponse = await chatOk(t, me.token, '/api/chat/history', { survey_id: sid });
  const seq = history.messages.findIndex((m) => m.type === FLAGGABLE_ENTRY_TYPE && m.context === text);
  expect(seq).toBeGreaterThan(-1);
  return seq;
}

const flag = (seq: number, expected?: string | null) =>
  chatCall(t, me.token, '/api/chat/flag_answer', {
    survey_id: sid,
    unique_question_id: q,
    seq,
    ...(expected === undefined ? {} : { expected_branch: expected }),
  });

const inbox = async () => (await ok<InboxResponse>('get_inbox', { unique_question_id: q })).items;
const examples = () => ok<ExamplesResponse>('get_examples', { unique_question_id: q });

/** The model's top guess for a text, as the inbox stores it. */
async function topGuess(text: string) {
  const row = await t.database.db
    .selectFrom('training_models')
    .select('model')
    .where('unique_question_id', '=', q)
    .where('status', '=', 'done')
    .orderBy('version', 'desc')
    .executeTakeFirstOrThrow();
  const model = JSON.parse(row.model) as NluModel;
  const top = classify(model, text).ranking[0]!.label;
  return top === model.noneLabel ? NONE_BRANCH : top;
}

async function clearInbox() {
  for (const item of await inbox()) await ok('dismiss_inbox', { id: item.id });
}

/** Two open inbox entries (one unsure, one flagged) of the latest answer with this text, as older code left them. */
async function openEntriesOf(text: string, branch: string | null) {
  const answer = await t.database.db
    .selectFrom('answers')
    .select(['id', 'survey_id', 'value'])
    .where('unique_question_id', '=', q)
    .where('value', '=', text)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  for (const flagged of [0, 1]) {
    await t.database.db
      .insertInto('training_inbox')
      .values({
        survey_id: answer.survey_id,
        unique_question_id: q,
        answer_id: answer.id,
        text: answer.value,
        branch,
        confidence: 0.3,
        flagged,
        resolved_at: null,
        created_at: t.clock.now,
      })
      .execute();
  }
}

describe('unsure answers in the inbox', () => {
  it("suggest the model's top guess, 'keiner davon' included", async () => {
    await clearInbox();
    for (const text of ['hmm vielleicht', 'Wetter', 'teuer Service']) await testAnswer(text);
    const items = await inbox();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.flagged).toBe(false);
      expect(item.branch).not.toBeNull();
      expect(item.branch).toBe(await topGuess(item.text));
    }
  });
});

describe("flagging an answer 'Falsch zugeordnet'", () => {
  it('turns the open unsure entry into a flagged one instead of adding a second', async () => {
    await clearInbox();
    const seq = await testAnswer('hmm vielleicht');
    const [unsure, ...rest] = await inbox();
    expect(rest).toEqual([]);
    expect(unsure).toMatchObject({ text: 'hmm vielleicht', flagged: false });

    const res = await flag(seq, 'Service');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: 'success', inbox_id: unsure!.id });
    const items = await inbox();
    expect(items).toEqual([{ ...unsure, flagged: true, branch: 'Service', confidence: unsure!.confidence }]);

    // Assigning it adds the example once.
    const before = (await examples()).branches[1]!.count;
    await ok('assign_inbox', { id: unsure!.id, branch: 'Service' });
    expect((await examples()).branches[1]!.count).toBe(before + 1);
    expect(await inbox()).toEqual([]);
    await ok('delete_example', {
      id: (await examples()).branches[1]!.examples.find((e) => e.text === 'hmm vielleicht')!.id,
    });
  });

  it("accepts 'keiner davon' as the expected branch, by either name", async () => {
    await clearInbox();
    const seq = await testAnswer('Das ist mir alles viel zu teuer');
    const first = await flag(seq, 'none');
    expect(first.statusCode, first.body).toBe(200);
    const { inbox_id } = first.json() as { inbox_id: number };
    expect(await inbox()).toMatchObject([{ id: inbox_id, flagged: true, branch: NONE_BRANCH }]);

    const again = await flag(seq, 'Keiner davon');
    expect(again.json()).toEqual({ msg: 'success', inbox_id });
    const back = await flag(seq, 'Preis');
    expect(back.json()).toEqual({ msg: 'success', inbox_id });
    expect(await inbox()).toMatchObject([{ id: inbox_id, branch: 'Preis' }]);
    const unsaid = await flag(seq, null);
    expect(unsaid.json()).toEqual({ msg: 'success', inbox_id });
    expect(await inbox()).toMatchObject([{ id: inbox_id, branch: null, flagged: true }]);

    const unknown = await flag(seq, 'Lieferung');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('expected_branch: „Lieferung“ ist kein Zweig dieses Blocks');
    expect(await inbox()).toHaveLength(1);
  });

  it('answers a repeated flag after a reload with the same entry and changes nothing', async () => {
    await clearInbox();
    const seq = await testAnswer('Die Farbe gefällt mir nicht');
    const first = await flag(seq, 'Service');
    expect(first.statusCode, first.body).toBe(200);
    const { inbox_id } = first.json() as { inbox_id: number };
    const before = await inbox();
    expect(before).toMatchObject([{ id: inbox_id, flagged: true, branch: 'Service' }]);

    // A reload reads the history again; the answer's entry keeps its seq, and flagging it again
    // (as the button did before it knew) adds nothing.
    t.clock.now += 60_000;
    const history: ChatTurnResponse = await chatOk(t, me.token, '/api/chat/history', { survey_id: sid });
    expect(history.messages[seq]).toMatchObject({
      type: FLAGGABLE_ENTRY_TYPE,
      context: 'Die Farbe gefällt mir nicht',
    });
    const again = await flag(seq, 'Service');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ msg: 'success', inbox_id });
    expect(await inbox()).toEqual(before);

    // Flagging it again with another branch changes that entry only.
    const other = await flag(seq, 'Preis');
    expect(other.json()).toEqual({ msg: 'success', inbox_id });
    expect(await inbox()).toEqual([{ ...before[0], branch: 'Preis' }]);
  });

  it('leaves one entry when the same answer is flagged several times at once', async () => {
    const seq = await testAnswer('Der Kundendienst war unfreundlich und teuer');
    await clearInbox();
    const all = await Promise.all([1, 2, 3, 4].map(() => flag(seq, 'Service')));
    for (const res of all) expect(res.statusCode, res.body).toBe(200);
    const ids = new Set(all.map((res) => (res.json() as { inbox_id: number }).inbox_id));
    expect(ids.size).toBe(1);
    expect(await inbox()).toMatchObject([{ id: [...ids][0], flagged: true, branch: 'Service' }]);
  });

  it('folds open entries of the same answer from before into one', async () => {
    await clearInbox();
    const seq = await testAnswer('Die Lieferung kam zu spät');
    await openEntriesOf('Die Lieferung kam zu spät', null);
    expect((await inbox()).length).toBeGreaterThanOrEqual(2);
    const res = await flag(seq, 'Service');
    expect(res.statusCode, res.body).toBe(200);
    expect(await inbox()).toMatchObject([{ id: res.json().inbox_id, flagged: true, branch: 'Service' }]);
  });

  it('resolves all open entries of an answer when one of them is assigned', async () => {
    await clearInbox();
    await testAnswer('Die Verpackung war kaputt');
    await openEntriesOf('Die Verpackung war kaputt', 'Service');
    const [first] = await inbox();
    const before = (await examples()).branches[1]!.count;
    await ok('assign_inbox', { id: first!.id, branch: 'Service' });
    expect(await inbox()).toEqual([]);
    const after = await examples();
    expect(after.branches[1]!.count).toBe(before + 1);
    await ok('delete_example', {
      id: after.branches[1]!.examples.find((e) => e.text === 'Die Verpackung war kaputt')!.id,
    });
  });
});

describe('the same words answered by several respondents', () => {
  it('leave the inbox together when one of them is assigned; other answers stay', async () => {
    await clearInbox();
    // Three chats answer the same (in case and punctuation), one something else; all flagged to be sure
    // they are in the inbox whatever the model routes.
    for (const text of [
      'Das Wetter ist schön',
      'das wetter ist schön!',
      'Das Wetter ist schön',
      'Ganz anders',
    ]) {
      const res = await flag(await testAnswer(text), null);
      expect(res.statusCode, res.body).toBe(200);
    }
    const items = await inbox();
    expect(items.map((i) => i.text).sort()).toEqual([
      'Das Wetter ist schön',
      'Das Wetter ist schön',
      'Ganz anders',
      'das wetter ist schön!',
    ]);
    const one = items.find((i) => i.text === 'Das Wetter ist schön')!;
    await ok('assign_inbox', { id: one.id, branch: NONE_BRANCH });
    expect((await inbox()).map((i) => i.text)).toEqual(['Ganz anders']);
    await clearInbox();
  });
});

describe('examples a branch has already', () => {
  it('are refused when added or edited in, with a German message, and assigned without a second copy', async () => {
    const existing = (await examples()).branches[0]!.examples[0]!;
    expect(existing.text).toBe('Der Preis ist zu hoch');
    const before = await examples();

    // Case, punctuation, accents and word endings do not make it another example.
    for (const text of ['der preis ist zu hoch!', '  Der Preis ist zu hoch ', 'Der Preise ist zu hoch']) {
      const res = await post('add_example', { unique_question_id: q, branch: 'Preis', text });
      expect(res.statusCode, text).toBe(409);
      expect(res.json()).toEqual({ title: 'conflict', msg: DUPLICATE_EXAMPLE_MSG });
    }
    expect(await examples()).toEqual(before);

    // In another branch it is allowed (the duplicate warning names it).
    const other = await ok<{ id: number }>('add_example', {
      unique_question_id: q,
      branch: 'Service',
      text: 'Der Preis ist zu hoch.',
    });
    expect((await examples()).duplicates.map((d) => d.text)).toContain('Der Preis ist zu hoch');

    // Moving it into Preis, or editing another Preis example into it, is refused the same way.
    const moved = await post('update_example', { id: other.id, branch: 'Preis' });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().msg).toBe(DUPLICATE_EXAMPLE_MSG);
    const second = (await examples()).branches[0]!.examples[1]!;
    const edited = await post('update_example', { id: second.id, text: 'DER PREIS IST ZU HOCH' });
    expect(edited.statusCode, edited.body).toBe(409);
    // Editing an example into itself with other punctuation is fine.
    await ok('update_example', { id: existing.id, text: 'Der Preis ist zu hoch!' });
    await ok('update_example', { id: existing.id, text: 'Der Preis ist zu hoch' });
    await ok('delete_example', { id: other.id });
    expect(await examples()).toEqual(before);

    // An inbox answer that Preis has already: resolved, no second example.
    await clearInbox();
    const seq = await testAnswer('Es ist viel zu teuer!');
    const flagged = await flag(seq, 'Preis');
    expect(flagged.statusCode, flagged.body).toBe(200);
    const { inbox_id } = flagged.json() as { inbox_id: number };
    const same = before.branches[0]!.examples.find((e) => e.text === 'Es ist viel zu teuer')!;
    expect(await ok('assign_inbox', { id: inbox_id, branch: 'Preis' })).toEqual({
      msg: 'success',
      id: same.id,
    });
    expect(await examples()).toEqual(before);
    expect(await inbox()).toEqual([]);
  });
});
