import { describe, expect, it } from 'vitest';
import { CHAT_TOO_LONG_MSG, MAX_CHAT_MESSAGES, NOT_CURRENT_QUESTION_MSG } from '../../contract/chat.ts';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { blockId, chatCall, chatOk, createChatDialog } from '../test/chat-fixtures.ts';
import { chatTurnCalls, EVERY_TYPE, type Turn } from '../test/chat-turns.ts';
import { liveToken } from '../test/dialogs.ts';
import { appForFile } from '../test/per-file.ts';

const t = appForFile();
const { answer, storedAnswers } = chatTurnCalls(t);

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
