import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { authorSession, call, type Session, setField } from '../test/dialogs.ts';

/**
 * End redirects through the real app (issue 22): the end block's address, else the dialog's, with the
 * link's hidden fields and the answers' variables filled in URL-encoded, on the finishing turn and on
 * every later history; only http(s) addresses are taken.
 */

let t: TestApp;
let owner: Session;
let dialog: { id: number; surveyId: string };

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_WORKER: '0' });
  owner = await authorSession(t);
  dialog = await createChatDialog(
    t,
    [
      {
        id: 'sc',
        type: 'single_choice',
        context: 'Passt das?',
        options: ['ja', 'nein'],
        jump_to_ids: ['done', null],
        variable: 'antwort',
      },
      { id: 'sorry', type: 'message', context: 'Schade.', jump_to_question: 'END' },
      {
        id: 'done',
        type: 'end',
        context: 'Danke!',
        redirect_url: 'https://panel.example/complete?id={{pid}}&a={{antwort}}&x={{unbekannt}}',
        redirect_delay: 3,
      },
    ],
    {
      ownerId: owner.id,
      settings: { end_redirect_url: 'https://panel.example/screenout/{{pid}}', end_redirect_delay: 0 },
    },
  );
  const set = await call(t, owner.token, '/api/set_hidden_fields', {
    survey_id: dialog.surveyId,
    fields: [{ name: 'pid', required: true }],
  });
  expect(set.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function finish(pid: string, choice: string) {
  const { token_live: token } = await registerLive(t, dialog.surveyId);
  const started = await chatOk(t, token, '/api/chat/start', { survey_id: dialog.surveyId, hidden: { pid } });
  expect(started.redirect).toBeUndefined();
  const input = started.input!;
  const last = await chatOk(t, token, '/api/chat/answer', {
    survey_id: dialog.surveyId,
    unique_question_id: input.unique_question_id,
    turn: input.turn,
    answer: choice,
  });
  return { token, last };
}

describe('end redirects', () => {
  it("an end block's address, filled URL-encoded, after its last message", async () => {
    const { token, last } = await finish('A+B 1/2', 'ja');
    expect(last.finished).toBe(true);
    expect(last.messages.at(-1)?.type).toBe('ending');
    expect(last.redirect).toEqual({
      url: 'https://panel.example/complete?id=A%2BB%201%2F2&a=ja&x=',
      delay_s: 3,
    });
    // A reload of the finished chat gets it again.
    const history = await chatOk(t, token, '/api/chat/history', { survey_id: dialog.surveyId });
    expect(history.redirect).toEqual(last.redirect);
  });

  it("the dialog's address for an end without its own", async () => {
    const { last } = await finish('Zoë', 'nein');
    expect(last.redirect).toEqual({ url: 'https://panel.example/screenout/Zo%C3%AB', delay_s: 0 });
  });

  it('the link value wins over an answer variable of the same name', async () => {
    const other = await createChatDialog(
      t,
      [{ id: 'q', type: 'number', context: 'Zahl?', variable: 'pid' }],
      { ownerId: owner.id, settings: { end_redirect_url: 'https://p.example/?id={{pid}}' } },
    );
    await call(t, owner.token, '/api/set_hidden_fields', {
      survey_id: other.surveyId,
      fields: [{ name: 'pid', required: false }],
    });
    const { token_live: token } = await registerLive(t, other.surveyId);
    const started = await chatOk(t, token, '/api/chat/start', {
      survey_id: other.surveyId,
      hidden: { pid: 'echt' },
    });
    const done = await chatOk(t, token, '/api/chat/answer', {
      survey_id: other.surveyId,
      unique_question_id: started.input!.unique_question_id,
      turn: started.input!.turn,
      answer: 7,
    });
    expect(done.redirect?.url).toBe('https://p.example/?id=echt');
  });

  it('takes only http(s) addresses, naming the field', async () => {
    const id = blockId('done', dialog.surveyId);
    for (const bad of ['javascript:alert(1)', 'ftp://panel.example/x', 'https://{{pid}}.example/', 'hallo']) {
      const res = await setField(t, owner.token, dialog.surveyId, id, 'redirect_url', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('redirect_url');
    }
    const delay = await setField(t, owner.token, dialog.surveyId, id, 'redirect_delay', 600);
    expect(delay.statusCode).toBe(400);
    const ok = await setField(
      t,
      owner.token,
      dialog.surveyId,
      id,
      'redirect_url',
      'http://127.0.0.1/x?{{pid}}',
    );
    expect(ok.statusCode).toBe(200);
    const settings = await call(t, owner.token, '/api/update_survey_settings', {
      survey_id: dialog.surveyId,
      action: 'config',
      changed_values: { end_redirect_url: 'data:text/html,hi' },
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.body).toContain('end_redirect_url');
  });
});
