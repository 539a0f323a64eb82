import { describe, expect, it } from 'vitest';
import { LIKERT_NA_LABEL } from '../../contract/blocks.ts';
import {
  CHAT_TOO_LONG_MSG,
  LIVE_NOT_REGISTERED_TITLE,
  MAX_CHAT_MESSAGES,
  NOT_CURRENT_QUESTION_MSG,
} from '../../contract/chat.ts';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { bearer, createAuthor, loginAs } from '../test/app.ts';
import {
  type BlockSpec,
  blockId,
  chatCall,
  chatOk,
  createChatDialog,
  registerLive,
} from '../test/chat-fixtures.ts';
import { blocksCall, liveToken } from '../test/dialogs.ts';
import { appForFile } from '../test/per-file.ts';

const t = appForFile();

/** One block of every input type, with a follow-up, a reaction, a jump and a variable. */
const EVERY_TYPE: BlockSpec[] = [
  { id: 'hello', type: 'message', context: 'Hallo!§§#800#§§Los geht es.' },
  { id: 'name', type: 'open_text', context: 'Wie heißen Sie?', variable: 'name' },
  {
    id: 'color',
    type: 'single_choice',
    context: 'Lieblingsfarbe, {{name}}?',
    options: ['Rot', 'Blau'],
    jump_to_ids: [null, 'multi'],
    jump_to_reactions: ['', 'Blau ist schön.'],
  },
  { id: 'skipped', type: 'message', context: 'Wird übersprungen.' },
  { id: 'multi', type: 'multiple_choice', context: 'Was essen Sie gern?', options: ['Obst', 'Brot', 'Käse'] },
  {
    id: 'likert',
    type: 'likert',
    options: ['nie', 'selten', 'oft'],
    likert_na: 1,
    inverse: 1,
    nachfrage: 'Warum?',
  },
  { id: 'age', type: 'number', context: 'Alter?', min: 0, max: 120, integer: 1 },
  { id: 'mail', type: 'email', context: 'E-Mail?', acknowledgement: 'Danke!' },
  { id: 'day', type: 'date', context: 'Geburtstag?', min_date: '1900-01-01', max_date: '2025-12-31' },
];

type Turn = {
  messages: { user_or_bot: string; context: string; type: string }[];
  input: Record<string, unknown> | null;
  finished: boolean;
};

async function answer(token: string, surveyId: string, turn: Turn, value: unknown) {
  const input = turn.input!;
  return chatOk(t, token, '/api/chat/answer', {
    survey_id: surveyId,
    unique_question_id: input.unique_question_id,
    nachfrage_id: input.nachfrage_id,
    turn: input.turn,
    answer: value,
  }) as Promise<Turn>;
}

/** A dialog of a signed-in author, with the author's token. */
async function authorsDialog(specs: BlockSpec[], options: { active?: boolean } = {}) {
  const author = await createAuthor(t);
  const { token } = await loginAs(t, author.username, author.password);
  return { token, dialog: await createChatDialog(t, specs, { ownerId: author.id, ...options }) };
}

/** Starts the chat and answers its first question. */
async function answerFirst(token: string, surveyId: string, value: unknown) {
  return answer(
    token,
    surveyId,
    (await chatOk(t, token, '/api/chat/start', { survey_id: surveyId })) as Turn,
    value,
  );
}

async function storedAnswers(surveyInt: number) {
  return t.database.db
    .selectFrom('answers')
    .innerJoin('chat_sessions', 'chat_sessions.id', 'answers.session_id')
    .select([
      'answers.unique_question_id',
      'answers.kind',
      'answers.value',
      'answers.value_num',
      'chat_sessions.mode',
    ])
    .where('answers.survey_id', '=', surveyInt)
    .orderBy('answers.id')
    .execute();
}

describe('a whole conversation with every input type', () => {
  it('runs from start to the end and stores every turn', async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const token = await liveToken(t, dialog.surveyId);
    const s = dialog.surveyId;
    const id = (spec: string) => blockId(spec, s);

    let turn = (await chatOk(t, token, '/api/chat/start', { survey_id: s })) as Turn;
    expect(turn.messages.map((m) => m.context)).toEqual([
      'Willkommen!',
      'Hallo!',
      '#800#§§Los geht es.',
      'Wie heißen Sie?',
    ]);
    expect(turn.input).toMatchObject({ type: 'open_text', unique_question_id: id('name'), turn: 0 });

    turn = await answer(token, s, turn, 'Erika');
    expect(turn.messages.map((m) => m.context)).toEqual(['Erika', 'Lieblingsfarbe, Erika?']);
    expect(turn.input).toMatchObject({ type: 'single_choice', options: ['Rot', 'Blau'] });

    turn = await answer(token, s, turn, 'Blau');
    expect(turn.messages.map((m) => m.context)).toEqual(['Blau', 'Blau ist schön.', 'Was essen Sie gern?']);

    turn = await answer(token, s, turn, ['Käse', 'Obst']);
    expect(turn.input).toMatchObject({ type: 'likert', options: ['nie', 'selten', 'oft', LIKERT_NA_LABEL] });

    turn = await answer(token, s, turn, 'nie');
    expect(turn.input).toMatchObject({ type: 'nachfrage', nachfrage_id: id('likert') });
    turn = await answer(token, s, turn, 'Keine Zeit');
    expect(turn.input).toMatchObject({ type: 'number', min: 0, max: 120, integer: 1 });

    turn = await answer(token, s, turn, '42');
    expect(turn.input).toMatchObject({ type: 'email' });
    turn = await answer(token, s, turn, 'erika@example.org');
    expect(turn.messages.map((m) => m.context)).toEqual(['erika@example.org', 'Danke!', 'Geburtstag?']);
    expect(turn.input).toMatchObject({ type: 'date', min_date: '1900-01-01', max_date: '2025-12-31' });

    turn = await answer(token, s, turn, '24.12.1990');
    expect(turn).toMatchObject({ finished: true, input: null });
    expect(turn.messages.at(-1)).toMatchObject({ type: 'ending', context: 'Ende.' });

    expect(await storedAnswers(dialog.id)).toEqual([
      { unique_question_id: id('name'), kind: 'answer', value: 'Erika', value_num: null, mode: 'live' },
      { unique_question_id: id('color'), kind: 'answer', value: 'Blau', value_num: null, mode: 'live' },
      { unique_question_id: id('multi'), kind: 'answer', value: 'Obst', value_num: null, mode: 'live' },
      { unique_question_id: id('multi'), kind: 'answer', value: 'Käse', value_num: null, mode: 'live' },
      { unique_question_id: id('likert'), kind: 'answer', value: 'nie', value_num: 3, mode: 'live' },
      {
        unique_question_id: id('likert'),
        kind: 'nachfrage',
        value: 'Keine Zeit',
        value_num: null,
        mode: 'live',
      },
      { unique_question_id: id('age'), kind: 'answer', value: '42', value_num: 42, mode: 'live' },
      {
        unique_question_id: id('mail'),
        kind: 'answer',
        value: 'erika@example.org',
        value_num: null,
        mode: 'live',
      },
      {
        unique_question_id: id('day'),
        kind: 'answer',
        value: '1990-12-24',
        value_num: Date.UTC(1990, 11, 24),
        mode: 'live',
      },
    ]);
    const session = await t.database.db
      .selectFrom('chat_sessions')
      .selectAll()
      .where('survey_id', '=', dialog.id)
      .executeTakeFirstOrThrow();
    expect(session.finished_at).toBe(t.clock.now);
    const history = (await chatOk(t, token, '/api/chat/history', { survey_id: s })) as Turn;
    expect(history).toMatchObject({ finished: true, input: null });
    const seqs = await t.database.db
      .selectFrom('chat_messages')
      .select('seq')
      .where('session_id', '=', session.id)
      .orderBy('seq')
      .execute();
    expect(seqs.map((r) => r.seq)).toEqual(history.messages.map((_, i) => i));

    const after = await chatCall(t, token, '/api/chat/answer', {
      survey_id: s,
      unique_question_id: id('day'),
      answer: '01.01.2000',
    });
    expect(after.statusCode).toBe(409);
  });
});

describe('resume, wrong answers and double answers', () => {
  it('history after a reload returns the same messages and the current input', async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const token = await liveToken(t, dialog.surveyId);
    const s = dialog.surveyId;
    const first = (await chatOk(t, token, '/api/chat/start', { survey_id: s })) as Turn;
    const second = await answer(token, s, first, 'Max');
    const third = await answer(token, s, second, 'Rot');

    const history = (await chatOk(t, token, '/api/chat/history', { survey_id: s })) as Turn;
    expect(history.messages).toEqual([...first.messages, ...second.messages, ...third.messages]);
    expect(history.input).toEqual(third.input);
    expect(history.finished).toBe(false);
    // start on a begun chat is a resume too (the page calls it on every load).
    expect(await chatOk(t, token, '/api/chat/start', { survey_id: s })).toEqual(history);
    const rest = await answer(token, s, history, 'Wird übersprungen?');
    expect(rest.input).toMatchObject({ type: 'multiple_choice' });
  });

  it('a wrong e-mail, number or date is asked again, and never stored', async () => {
    const dialog = await createChatDialog(t, [
      { id: 'mail', type: 'email' },
      { id: 'n', type: 'number', min: 1, max: 5, integer: 1 },
      { id: 'd', type: 'date', max_date: '2024-12-31' },
    ]);
    const token = await liveToken(t, dialog.surveyId);
    const s = dialog.surveyId;
    let turn = (await chatOk(t, token, '/api/chat/start', { survey_id: s })) as Turn;
    for (const [bad, good] of [
      ['keine-mail', 'a@b.de'],
      ['2,5', '3'],
      ['2025-01-01', '2024-12-31'],
    ] as const) {
      const input = turn.input;
      turn = await answer(token, s, turn, bad);
      expect(turn.messages.map((m) => [m.user_or_bot, m.type])).toEqual([
        ['user', `${input!.type}-r`],
        ['bot', 'invalid'],
      ]);
      expect(turn.input).toEqual({ ...input, turn: (input!.turn as number) + 1 });
      turn = await answer(token, s, turn, good);
    }
    expect(turn.finished).toBe(true);
    expect((await storedAnswers(dialog.id)).map((a) => a.value)).toEqual(['a@b.de', '3', '2024-12-31']);
  });

  it('a chat at its longest refuses further answers with 429 and stores nothing; a restart begins anew', async () => {
    const dialog = await createChatDialog(t, [{ id: 'mail', type: 'email' }]);
    const token = await liveToken(t, dialog.surveyId);
    const s = dialog.surveyId;
    const turn = (await chatOk(t, token, '/api/chat/start', { survey_id: s })) as Turn;
    // As if a script had sent thousands of refused answers: the stored count of messages at the limit.
    const row = await t.database.db
      .selectFrom('chat_sessions')
      .select(['id', 'state'])
      .where('survey_id', '=', dialog.id)
      .executeTakeFirstOrThrow();
    const state = { ...JSON.parse(row.state), seq: MAX_CHAT_MESSAGES };
    await t.database.db
      .updateTable('chat_sessions')
      .set({ state: JSON.stringify(state) })
      .where('id', '=', row.id)
      .execute();
    const messages = async () =>
      (
        await t.database.db
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('session_id', '=', row.id)
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await messages());
    for (const value of ['keine-mail', 'a@b.de']) {
      const res = await chatCall(t, token, '/api/chat/answer', {
        survey_id: s,
        unique_question_id: turn.input!.unique_question_id,
        turn: turn.input!.turn,
        answer: value,
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ title: ERROR_TITLES.chatTooLong, msg: CHAT_TOO_LONG_MSG });
    }
    expect(Number(await messages())).toBe(before);
    expect(await storedAnswers(dialog.id)).toEqual([]);
    const restart = await chatCall(t, token, '/api/restart_delete', {
      survey_id: s,
      action: 'restart',
      live: true,
    });
    expect(restart.statusCode, restart.body).toBe(200);
    const fresh = (await chatOk(t, token, '/api/chat/start', { survey_id: s })) as Turn;
    expect((await answer(token, s, fresh, 'a@b.de')).finished).toBe(true);
  });

  it('an answer to a question that is not the current one is a 409, also a double click', async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const token = await liveToken(t, dialog.surveyId);
    const s = dialog.surveyId;
    const first = (await chatOk(t, token, '/api/chat/start', { survey_id: s })) as Turn;
    const body = {
      survey_id: s,
      unique_question_id: first.input!.unique_question_id,
      turn: 0,
      answer: 'Max',
    };
    const [a, b] = await Promise.all([
      chatCall(t, token, '/api/chat/answer', body),
      chatCall(t, token, '/api/chat/answer', body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toEqual({ title: ERROR_TITLES.conflict, msg: NOT_CURRENT_QUESTION_MSG });
    const other = await chatCall(t, token, '/api/chat/answer', {
      survey_id: s,
      unique_question_id: blockId('age', s),
      answer: '3',
    });
    expect(other.statusCode).toBe(409);
    expect((await storedAnswers(dialog.id)).map((r) => r.value)).toEqual(['Max']);
  });

  it('answer or history before the chat has begun', async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const token = await liveToken(t, dialog.surveyId);
    const res = await chatCall(t, token, '/api/chat/answer', {
      survey_id: dialog.surveyId,
      unique_question_id: blockId('name', dialog.surveyId),
      answer: 'x',
    });
    expect(res.statusCode).toBe(409);
    expect((await chatCall(t, token, '/api/chat/history', { survey_id: dialog.surveyId })).statusCode).toBe(
      404,
    );
  });
});

describe('respondents, modes and permissions', () => {
  it('two respondents of the same dialog never see each other', async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const s = dialog.surveyId;
    const a = await liveToken(t, s);
    const b = await liveToken(t, s);
    const startA = (await chatOk(t, a, '/api/chat/start', { survey_id: s })) as Turn;
    const startB = (await chatOk(t, b, '/api/chat/start', { survey_id: s })) as Turn;
    await answer(a, s, startA, 'Anna-Geheim');
    await answer(b, s, startB, 'Bert-Geheim');
    const historyA = JSON.stringify(await chatOk(t, a, '/api/chat/history', { survey_id: s }));
    const historyB = JSON.stringify(await chatOk(t, b, '/api/chat/history', { survey_id: s }));
    expect(historyA).toContain('Anna-Geheim');
    expect(historyA).not.toContain('Bert-Geheim');
    expect(historyB).toContain('Bert-Geheim');
    expect(historyB).not.toContain('Anna-Geheim');
  });

  it('test answers of the author are kept apart from live answers', async () => {
    const { token, dialog } = await authorsDialog(EVERY_TYPE);
    const s = dialog.surveyId;
    const live = await liveToken(t, s);
    await answerFirst(live, s, 'Live-Antwort');
    const test = (await chatOk(t, token, '/api/chat/start', { survey_id: s })) as Turn;
    expect(test.messages.map((m) => m.context)).not.toContain('Live-Antwort');
    await answer(token, s, test, 'Test-Antwort');
    const rows = await storedAnswers(dialog.id);
    expect(rows.map((r) => [r.value, r.mode])).toEqual([
      ['Live-Antwort', 'live'],
      ['Test-Antwort', 'test'],
    ]);
    const authorHistory = JSON.stringify(await chatOk(t, token, '/api/chat/history', { survey_id: s }));
    expect(authorHistory).not.toContain('Live-Antwort');
  });

  it('an inactive dialog refuses live chats with its title; the author test chat works', async () => {
    const { token, dialog } = await authorsDialog(EVERY_TYPE, { active: false });
    const live = await liveToken(t, dialog.surveyId);
    for (const path of ['/api/chat/start', '/api/chat/history']) {
      const res = await chatCall(t, live, path, { survey_id: dialog.surveyId });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ title: ERROR_TITLES.dialogInactive, msg: MESSAGES.dialogEnded });
    }
    const restart = await chatCall(t, live, '/api/restart_delete', {
      survey_id: dialog.surveyId,
      action: 'restart',
      live: true,
    });
    expect(restart.json().title).toBe('Dialog ist nicht mehr aktiv.');
    expect((await chatCall(t, token, '/api/chat/start', { survey_id: dialog.surveyId })).statusCode).toBe(
      200,
    );
  });

  it.each<[string, string | null, number, number]>([
    ['owner', 'owner', 200, 0],
    ['Voller Zugriff', 'full', 200, 0],
    ['Bearbeiten + Trainieren', 'edit_train', 200, 0],
    ['Trainieren', 'train', 200, 0],
    ['Analysieren (no test right)', 'analyse', 403, 0],
    ['a pending invitee', 'full', 404, 1],
    ['not a member', null, 404, 0],
  ])('author chat permission: %s', async (_name, role, status, pending) => {
    const owner = await createAuthor(t);
    const caller = role === 'owner' ? owner : await createAuthor(t);
    const dialog = await createChatDialog(t, EVERY_TYPE, { ownerId: owner.id });
    if (role !== null && role !== 'owner') {
      await t.database.db
        .insertInto('members')
        .values({
          survey_id: dialog.id,
          name: `${caller.username}@example.org`,
          user_id: caller.id,
          role,
          invite_accepted: pending ? 0 : 1,
          created_at: t.clock.now,
        })
        .execute();
    }
    const { token } = await loginAs(t, caller.username, caller.password);
    for (const path of ['/api/chat/start', '/api/chat/history']) {
      const res = await chatCall(t, token, path, { survey_id: dialog.surveyId });
      expect(res.statusCode).toBe(status);
    }
  });

  it('the Testen module switched off refuses the author test chat', async () => {
    const { token, dialog } = await authorsDialog(EVERY_TYPE);
    await t.database.db.updateTable('surveys').set({ testen: 0 }).where('id', '=', dialog.id).execute();
    expect((await chatCall(t, token, '/api/chat/start', { survey_id: dialog.surveyId })).statusCode).toBe(
      403,
    );
  });

  it('a live token works only on the dialogs it was registered for', async () => {
    const one = await createChatDialog(t, EVERY_TYPE);
    const two = await createChatDialog(t, EVERY_TYPE);
    const token = await liveToken(t, one.surveyId);
    await chatOk(t, token, '/api/chat/start', { survey_id: one.surveyId });
    for (const path of ['/api/chat/start', '/api/chat/history']) {
      const res = await chatCall(t, token, path, { survey_id: two.surveyId });
      expect(res.statusCode).toBe(403);
      expect(res.json().title).toBe(LIVE_NOT_REGISTERED_TITLE);
    }
    const answerElsewhere = await chatCall(t, token, '/api/chat/answer', {
      survey_id: two.surveyId,
      unique_question_id: blockId('name', two.surveyId),
      answer: 'x',
    });
    expect(answerElsewhere.statusCode).toBe(403);

    const list = await t.app.inject({
      method: 'POST',
      url: '/api/register_live_list',
      payload: { survey_id_list: [one.surveyId, two.surveyId] },
    });
    const both = list.json().token_live as string;
    await chatOk(t, both, '/api/chat/start', { survey_id: one.surveyId });
    await chatOk(t, both, '/api/chat/start', { survey_id: two.surveyId });
  });

  it('no token, a bad token or an unknown dialog', async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const token = await liveToken(t, dialog.surveyId);
    expect((await chatCall(t, null, '/api/chat/start', { survey_id: dialog.surveyId })).statusCode).toBe(401);
    expect((await chatCall(t, 'a.b.c', '/api/chat/start', { survey_id: dialog.surveyId })).statusCode).toBe(
      401,
    );
    const unknown = await chatCall(t, token, '/api/chat/start', { survey_id: 'gibt-es-nicht' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('Dialog nicht gefunden.');
  });
});

describe('restart and delete', () => {
  it('restart begins a fresh session; the old one stays as unfinished', async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const s = dialog.surveyId;
    const token = await liveToken(t, s);
    await answerFirst(token, s, 'Erster Versuch');
    const res = await chatCall(t, token, '/api/restart_delete', {
      survey_id: s,
      action: 'restart',
      live: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'success' });
    const fresh = (await chatOk(t, token, '/api/chat/start', { survey_id: s })) as Turn;
    expect(fresh.messages.map((m) => m.context)).not.toContain('Erster Versuch');
    expect(fresh.input).toMatchObject({ unique_question_id: blockId('name', s), turn: 0 });
    const sessions = await t.database.db
      .selectFrom('chat_sessions')
      .select(['finished_at', 'mode'])
      .where('survey_id', '=', dialog.id)
      .orderBy('id')
      .execute();
    expect(sessions).toEqual([
      { finished_at: null, mode: 'live' },
      { finished_at: null, mode: 'live' },
    ]);
    expect((await storedAnswers(dialog.id)).map((a) => a.value)).toEqual(['Erster Versuch']);
  });

  it('restarts before any answer leave one session, not one per restart', async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const s = dialog.surveyId;
    const token = await liveToken(t, s);
    await chatOk(t, token, '/api/chat/start', { survey_id: s });
    const body = { survey_id: s, action: 'restart', live: true };
    for (let i = 0; i < 5; i++)
      expect((await chatCall(t, token, '/api/restart_delete', body)).statusCode).toBe(200);
    const sessions = () =>
      t.database.db.selectFrom('chat_sessions').select('id').where('survey_id', '=', dialog.id).execute();
    const [only] = await sessions();
    expect(await sessions()).toHaveLength(1);
    // Once something is answered, a restart keeps the session as unfinished.
    await answer(token, s, (await chatOk(t, token, '/api/chat/start', { survey_id: s })) as Turn, 'Ada');
    expect((await chatCall(t, token, '/api/restart_delete', body)).statusCode).toBe(200);
    expect((await sessions()).map((r) => r.id)).toContain(only!.id);
    expect(await sessions()).toHaveLength(2);
  });

  it('a respondent whose current block the author deletes answers it on the version they started on', async () => {
    const { token, dialog } = await authorsDialog(EVERY_TYPE);
    const s = dialog.surveyId;
    const me = await registerLive(t, s);
    const first = (await chatOk(t, me.token_live, '/api/chat/start', { survey_id: s })) as Turn;
    expect(first.input).toMatchObject({ unique_question_id: blockId('name', s) });
    const del = await blocksCall(t, token, s, { action: 'delete', unique_question_id: blockId('name', s) });
    expect(del.statusCode).toBe(200);
    // The chat keeps its version (server/versions): the deleted block is still asked and answered there.
    const next = await answer(me.token_live, s, first, 'Ada');
    expect(next.finished).toBe(false);
    expect(next.input).toMatchObject({ unique_question_id: blockId('color', s) });
    expect(next.messages.map((m) => m.context)).toEqual(['Ada', 'Lieblingsfarbe, Ada?']);
    expect((await storedAnswers(dialog.id)).map((a) => a.value)).toEqual(['Ada']);
  });

  it('the author restarts the test chat with live false', async () => {
    const { token, dialog } = await authorsDialog(EVERY_TYPE, { active: false });
    const body = { survey_id: dialog.surveyId, action: 'restart', live: false };
    expect((await chatCall(t, token, '/api/restart_delete', body)).statusCode).toBe(200);
    expect((await chatCall(t, token, '/api/restart_delete', { ...body, live: true })).statusCode).toBe(400);
    const del = await chatCall(t, token, '/api/restart_delete', { ...body, action: 'delete' });
    expect(del.statusCode).toBe(403);
  });

  it("delete removes the participant's data of the dialog and revokes their refresh tokens", async () => {
    const dialog = await createChatDialog(t, EVERY_TYPE);
    const s = dialog.surveyId;
    const me = await registerLive(t, s);
    const other = await registerLive(t, s);
    for (const token of [me.token_live, other.token_live]) {
      await answerFirst(token, s, 'Antwort');
    }
    const res = await chatCall(t, me.token_live, '/api/restart_delete', {
      survey_id: s,
      action: 'delete',
      live: true,
    });
    expect(res.statusCode).toBe(200);

    const mine = await t.database.db
      .selectFrom('chat_sessions')
      .select('id')
      .where('participant_id', '=', me.user_id)
      .execute();
    expect(mine).toEqual([]);
    const left = await t.database.db
      .selectFrom('answers')
      .select('session_id')
      .where('survey_id', '=', dialog.id)
      .execute();
    expect(left).toHaveLength(1);
    const messages = await t.database.db.selectFrom('chat_messages').select('session_id').execute();
    expect(new Set(messages.map((m) => m.session_id)).size).toBeGreaterThan(0);
    expect(messages.every((m) => !mine.some((x) => x.id === m.session_id))).toBe(true);

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refresh_token: me.refresh_token_live },
    });
    expect(refresh.statusCode).toBe(401);
    const again = await chatCall(t, me.token_live, '/api/chat/start', { survey_id: s });
    expect(again.statusCode).toBe(403);
    expect(again.json().title).toBe(LIVE_NOT_REGISTERED_TITLE);
    // Deleting again is harmless, and works on an inactive dialog too.
    await t.database.db.updateTable('surveys').set({ active: 0 }).where('id', '=', dialog.id).execute();
    const twice = await chatCall(t, me.token_live, '/api/restart_delete', {
      survey_id: s,
      action: 'delete',
      live: true,
    });
    expect(twice.statusCode).toBe(200);
    const unknown = await chatCall(t, me.token_live, '/api/restart_delete', {
      survey_id: 'gibt-es-nicht',
      action: 'delete',
      live: true,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("a participant's credentials for another dialog delete nothing there and keep their own session", async () => {
    const mine = await createChatDialog(t, EVERY_TYPE);
    const theirs = await createChatDialog(t, EVERY_TYPE);
    const me = await registerLive(t, mine.surveyId);
    const other = await registerLive(t, theirs.surveyId);
    await answerFirst(other.token_live, theirs.surveyId, 'Antwort');
    const res = await chatCall(t, me.token_live, '/api/restart_delete', {
      survey_id: theirs.surveyId,
      action: 'delete',
      live: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().title).toBe(LIVE_NOT_REGISTERED_TITLE);
    expect(await storedAnswers(theirs.id)).toHaveLength(1);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refresh_token: me.refresh_token_live },
    });
    expect(refresh.statusCode).toBe(200);
  });
});

describe('get_config and get_survey_language', () => {
  it('answers the client config from the settings, also for an inactive dialog', async () => {
    const dialog = await createChatDialog(t, [], {
      active: false,
      settings: {
        accent_color: '#112233',
        logo_src: '/img/logo.svg',
        avatar_src: 'https://example.org/a.png',
        avatar_name: 'Lina',
        background_link: '/media/bg.png',
        video_messages: true,
        audio_messages: false,
        messenger: 'whatsapp',
        speed: 1.5,
      },
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/get_config?survey_id=${dialog.surveyId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      config: {
        accent_color: '#112233',
        logo_src: '/img/logo.svg',
        avatar_src: 'https://example.org/a.png',
        avatar_name: 'Lina',
        video_messages: true,
        audio_messages: false,
        background_image: '/media/bg.png',
      },
      survey_id: dialog.surveyId,
      survey_id_int: dialog.id,
      survey_name: 'Chat-Test',
      messenger_ui: 'whatsapp',
      avatar_name: 'Lina',
      background_link: '/media/bg.png',
      speed: 1.5,
      feedback_allowed: false,
      training_mode: true,
      active: false,
    });
    await t.database.db.updateTable('surveys').set({ intrance: 0 }).where('id', '=', dialog.id).execute();
    const off = await t.app.inject({ method: 'GET', url: `/api/get_config?survey_id=${dialog.surveyId}` });
    expect(off.json().training_mode).toBe(false);
  });

  it('speed defaults to 0.5; unknown dialogs are 404, a missing id 400', async () => {
    const dialog = await createChatDialog(t, []);
    const res = await t.app.inject({ method: 'GET', url: `/api/get_config?survey_id=${dialog.surveyId}` });
    expect(res.json().speed).toBe(0.5);
    expect(res.json().active).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/get_config?survey_id=nope' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/get_config' })).statusCode).toBe(400);
  });

  it.each([
    ['de', 'sie', 'Möchten Sie den Dialog abbrechen?', 'Abbrechen'],
    ['de', 'du', 'Möchtest du den Dialog abbrechen?', 'Abbrechen'],
    ['en', 'sie', 'Do you want to cancel the dialog?', 'Cancel'],
  ] as const)('language fragments in %s (%s)', async (language, du_sie, deleteText, deleteLabel) => {
    const dialog = await createChatDialog(t, [], { settings: { language, du_sie } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get_survey_language',
      payload: { survey_id: dialog.surveyId },
    });
    expect(res.statusCode).toBe(200);
    const info = res.json().nav_bar_information;
    expect(info.language).toBe(language);
    expect(info.du_sie).toBe(du_sie);
    expect(Object.keys(info.navar_language_fragments).sort()).toEqual(
      ['delete', 'delete_pop_up', 'privacy', 'restart', 'restart_pop_up'].sort(),
    );
    expect(Object.keys(info.navar_language_fragments.restart_pop_up).sort()).toEqual([
      'btn_back',
      'btn_restart',
      'header',
      'text',
    ]);
    expect(Object.keys(info.navar_language_fragments.delete_pop_up).sort()).toEqual([
      'btn_back',
      'btn_delete',
      'header',
      'text',
    ]);
    expect(info.navar_language_fragments.delete_pop_up.text).toContain(deleteText);
    expect(info.navar_language_fragments.delete).toBe(deleteLabel);
  });

  it('the language of an unknown dialog is 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get_survey_language',
      payload: { survey_id: 'x' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every chat call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/chat/start',
      '/api/chat/answer',
      '/api/chat/history',
      '/api/restart_delete',
      '/api/get_config',
      '/api/get_survey_language',
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe('dialog changes', () => {
  it('a dialog change is picked up on the next turn', async () => {
    const { token, dialog } = await authorsDialog([{ id: 'q', type: 'email', context: 'Alt' }]);
    const live = await liveToken(t, dialog.surveyId);
    const first = (await chatOk(t, live, '/api/chat/start', { survey_id: dialog.surveyId })) as Turn;
    expect(first.messages.at(-1)!.context).toBe('Alt');
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/update_survey_blocks',
      headers: bearer(token),
      payload: {
        survey_id: dialog.surveyId,
        action: 'update',
        unique_question_id: blockId('q', dialog.surveyId),
        changed_values: { context: 'Neu' },
      },
    });
    expect(update.statusCode).toBe(200);
    const other = await liveToken(t, dialog.surveyId);
    const second = (await chatOk(t, other, '/api/chat/start', { survey_id: dialog.surveyId })) as Turn;
    expect(second.messages.at(-1)!.context).toBe('Neu');
  });
});
