import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import { FLAGGABLE_ENTRY_TYPE } from '../../contract/chat-feedback.ts';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { type BlockSpec, blockId, chatCall, chatOk, createChatDialog } from '../test/chat-fixtures.ts';
import { addMember, internalId, liveToken } from '../test/dialogs.ts';

/** POST /api/chat/flag_answer and POST /api/get_privacy_declaration through the real app. */

const SPECS: BlockSpec[] = [
  { id: 'why', type: 'open_text', context: 'Warum?', options: ['Preis', 'Qualität'] },
  { id: 'free', type: 'open_text', context: 'Noch etwas?' },
  { id: 'pick', type: 'single_choice', options: ['Ja', 'Nein'] },
];

let t: TestApp;
let author: { id: number; token: string };
let surveyId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createAuthor(t);
  author = { id: a.id, token: (await loginAs(t, a.username, a.password)).token };
  surveyId = (
    await createChatDialog(t, SPECS, {
      ownerId: a.id,
      settings: { privacy_declaration_text: 'Wir speichern <b>nur</b> Ihre Antworten.', language: 'en' },
    })
  ).surveyId;
});
afterAll(() => t.close());

const flag = (token: string | null, body: object) =>
  chatCall(t, token, '/api/chat/flag_answer', { survey_id: surveyId, ...body });

async function answer(turn: ChatTurnResponse, value: string): Promise<ChatTurnResponse> {
  return chatOk(t, author.token, '/api/chat/answer', {
    survey_id: surveyId,
    unique_question_id: turn.input!.unique_question_id,
    nachfrage_id: turn.input!.nachfrage_id,
    turn: turn.input!.turn,
    answer: value,
  });
}

/** A fresh test chat that answered the routed question (and, when asked, the next ones). */
async function testChat(...answers: string[]) {
  await chatOk(t, author.token, '/api/restart_delete', {
    survey_id: surveyId,
    action: 'restart',
    live: false,
  });
  let turn = await chatOk(t, author.token, '/api/chat/start', { survey_id: surveyId });
  for (const value of answers) turn = await answer(turn, value);
  return chatOk(t, author.token, '/api/chat/history', { survey_id: surveyId });
}

const seqOf = (history: ChatTurnResponse, type: string) => history.messages.findIndex((m) => m.type === type);

function inbox() {
  return t.database.db.selectFrom('training_inbox').selectAll().orderBy('id').execute();
}

describe('POST /api/chat/flag_answer', () => {
  it('puts a routed free-text answer of the test chat into the training inbox, flagged', async () => {
    const history = await testChat('wegen der Farbe');
    const seq = seqOf(history, FLAGGABLE_ENTRY_TYPE);
    expect(history.messages[seq]?.context).toBe('wegen der Farbe');
    const res = await flag(author.token, {
      unique_question_id: blockId('why', surveyId),
      seq,
      expected_branch: 'Qualität',
    });
    expect(res.statusCode).toBe(200);
    const { inbox_id } = res.json() as { inbox_id: number };
    const rows = await inbox();
    const row = rows.find((r) => r.id === inbox_id)!;
    expect(row).toMatchObject({
      unique_question_id: blockId('why', surveyId),
      text: 'wegen der Farbe',
      branch: 'Qualität',
      flagged: 1,
      resolved_at: null,
    });
    const stored = await t.database.db
      .selectFrom('answers')
      .select(['id', 'value'])
      .where('id', '=', row.answer_id!)
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe('wegen der Farbe');

    // Flagging the same answer again updates the open entry instead of adding one.
    const again = await flag(author.token, { unique_question_id: blockId('why', surveyId), seq });
    expect(again.json()).toEqual({ msg: 'success', inbox_id });
    const after = await inbox();
    expect(after).toHaveLength(rows.length);
    expect(after.find((r) => r.id === inbox_id)?.branch).toBeNull();

    // The same answer by its id.
    const byId = await flag(author.token, { answer_id: row.answer_id, expected_branch: 'Preis' });
    expect(byId.json()).toEqual({ msg: 'success', inbox_id });
  });

  it('refuses answers that were not routed, entries that are not answers and unknown branches', async () => {
    const history = await testChat('Preis', 'nichts weiter', 'Ja');
    const free = history.messages.findIndex(
      (m) => m.unique_question_id === blockId('free', surveyId) && m.user_or_bot === 'user',
    );
    const pick = history.messages.findIndex((m) => m.type === 'single_choice-r');
    const routed = seqOf(history, FLAGGABLE_ENTRY_TYPE);
    expect(
      (await flag(author.token, { unique_question_id: blockId('free', surveyId), seq: free })).statusCode,
    ).toBe(400);
    expect(
      (await flag(author.token, { unique_question_id: blockId('pick', surveyId), seq: pick })).statusCode,
    ).toBe(400);
    // A bot entry, an entry of another block, a seq past the end.
    expect(
      (await flag(author.token, { unique_question_id: blockId('why', surveyId), seq: 0 })).statusCode,
    ).toBe(404);
    expect(
      (await flag(author.token, { unique_question_id: blockId('pick', surveyId), seq: routed })).statusCode,
    ).toBe(404);
    expect(
      (await flag(author.token, { unique_question_id: blockId('why', surveyId), seq: 999 })).statusCode,
    ).toBe(404);
    const unknown = await flag(author.token, {
      unique_question_id: blockId('why', surveyId),
      seq: routed,
      expected_branch: 'Farbe',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('Farbe');
    expect((await flag(author.token, { answer_id: 987654 })).statusCode).toBe(404);
    expect((await flag(author.token, {})).statusCode).toBe(400);
    expect((await flag(author.token, { seq: routed })).statusCode).toBe(400);
  });

  it("needs an author with the 'test' capability on the dialog", async () => {
    const history = await testChat('Preis');
    const body = { unique_question_id: blockId('why', surveyId), seq: seqOf(history, FLAGGABLE_ENTRY_TYPE) };
    expect((await flag(null, body)).statusCode).toBe(401);
    const live = await liveToken(t, surveyId);
    expect([401, 403]).toContain((await flag(live, body)).statusCode);

    const stranger = await createAuthor(t);
    const strangerToken = (await loginAs(t, stranger.username, stranger.password)).token;
    expect((await flag(strangerToken, body)).statusCode).toBe(404);

    const analyst = await createAuthor(t);
    await addMember(t, surveyId, analyst.id, 'analyse');
    const analystToken = (await loginAs(t, analyst.username, analyst.password)).token;
    const res = await flag(analystToken, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().title).toBe(ERROR_TITLES.forbidden);
  });

  it("an author's flag names an entry of their own test chat, never another author's", async () => {
    await testChat('Preis');
    const other = await createAuthor(t);
    const otherToken = (await loginAs(t, other.username, other.password)).token;
    await addMember(t, surveyId, other.id, 'train');
    // The other author has no test chat yet: the seq of the first author's entry finds nothing.
    const res = await chatCall(t, otherToken, '/api/chat/flag_answer', {
      survey_id: surveyId,
      unique_question_id: blockId('why', surveyId),
      seq: 2,
    });
    expect(res.statusCode).toBe(404);
    // Nor by answer id: another author's answers (and live answers) stay out of this member's inbox.
    const ids = await t.database.db
      .selectFrom('answers')
      .select('id')
      .where('survey_id', '=', await internalId(t, surveyId))
      .where('kind', '=', 'answer')
      .execute();
    expect(ids.length).toBeGreaterThan(0);
    for (const { id } of ids) {
      const byId = await chatCall(t, otherToken, '/api/chat/flag_answer', {
        survey_id: surveyId,
        answer_id: id,
      });
      expect(byId.statusCode).toBe(404);
    }
  });
});

describe('POST /api/chat/flagged_answers', () => {
  const flagged = (token: string | null, body: object = {}) =>
    chatCall(t, token, '/api/chat/flagged_answers', { survey_id: surveyId, ...body });

  it('names the flagged entries of the current test chat with their latest branch', async () => {
    const history = await testChat('wegen der Farbe');
    const seq = seqOf(history, FLAGGABLE_ENTRY_TYPE);
    expect((await flagged(author.token)).json()).toEqual({ flags: [] });

    await flag(author.token, { unique_question_id: blockId('why', surveyId), seq, expected_branch: 'Preis' });
    expect((await flagged(author.token)).json()).toEqual({ flags: [{ seq, expected_branch: 'Preis' }] });
    await flag(author.token, {
      unique_question_id: blockId('why', surveyId),
      seq,
      expected_branch: 'keiner davon',
    });
    expect((await flagged(author.token)).json()).toEqual({ flags: [{ seq, expected_branch: 'none' }] });
    await flag(author.token, { unique_question_id: blockId('why', surveyId), seq });
    expect((await flagged(author.token)).json()).toEqual({ flags: [{ seq, expected_branch: null }] });

    // A restart starts a new test chat: nothing of it is flagged.
    await testChat('wegen des Preises');
    expect((await flagged(author.token)).json()).toEqual({ flags: [] });
  });

  it("needs the 'test' capability and shows only the caller's own test chat", async () => {
    const history = await testChat('zu teuer');
    const seq = seqOf(history, FLAGGABLE_ENTRY_TYPE);
    await flag(author.token, { unique_question_id: blockId('why', surveyId), seq, expected_branch: 'Preis' });

    expect((await flagged(null)).statusCode).toBe(401);
    expect([401, 403]).toContain((await flagged(await liveToken(t, surveyId))).statusCode);
    const stranger = await createAuthor(t);
    expect((await flagged((await loginAs(t, stranger.username, stranger.password)).token)).statusCode).toBe(
      404,
    );
    expect((await flagged(author.token, { survey_id: '' })).statusCode).toBe(400);

    const tester = await createAuthor(t);
    await addMember(t, surveyId, tester.id, 'train');
    const own = await flagged((await loginAs(t, tester.username, tester.password)).token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ flags: [] });
  });
});

describe('POST /api/get_privacy_declaration', () => {
  it("gives a dialog's privacy declaration as plain text with its language, without a token", async () => {
    const res = await chatCall(t, null, '/api/get_privacy_declaration', { survey_id: surveyId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      survey_id: surveyId,
      survey_name: 'Chat-Test',
      privacy_declaration_text: 'Wir speichern <b>nur</b> Ihre Antworten.',
      language: 'en',
    });
  });

  it('works for inactive dialogs and answers 404 for unknown ones, 400 for malformed ids', async () => {
    const inactive = await createChatDialog(t, SPECS, { active: false });
    expect(
      (await chatCall(t, null, '/api/get_privacy_declaration', { survey_id: inactive.surveyId })).json(),
    ).toMatchObject({
      privacy_declaration_text: '',
      language: 'de',
    });
    expect(
      (await chatCall(t, null, '/api/get_privacy_declaration', { survey_id: 'gibt-es-nicht' })).statusCode,
    ).toBe(404);
    expect((await chatCall(t, null, '/api/get_privacy_declaration', { survey_id: '' })).statusCode).toBe(400);
    expect((await chatCall(t, null, '/api/get_privacy_declaration', {})).statusCode).toBe(400);
    const live = await chatCall(t, await liveToken(t, surveyId), '/api/get_privacy_declaration', {
      survey_id: surveyId,
    });
    expect(live.statusCode).toBe(200);
  });
});
