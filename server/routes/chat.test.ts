import { describe, expect, it } from 'vitest';
import { LIKERT_NA_LABEL } from '../../contract/blocks.ts';
import { bearer } from '../test/app.ts';
import { blockId, chatCall, chatOk, createChatDialog } from '../test/chat-fixtures.ts';
import { chatTurnCalls, EVERY_TYPE, type Turn } from '../test/chat-turns.ts';
import { liveToken } from '../test/dialogs.ts';
import { appForFile } from '../test/per-file.ts';

const t = appForFile();
const { answer, authorsDialog, storedAnswers } = chatTurnCalls(t);

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
