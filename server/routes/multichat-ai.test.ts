import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MultichatTurnResponse } from '../../contract/multichat.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { blockId, createChatDialog } from '../test/chat-fixtures.ts';
import { authorSession, call, type Session } from '../test/dialogs.ts';
import { type FakeLlm, fakeLlmEnv, reply, startFakeLlm } from '../test/fake-llm.ts';

/**
 * GPT follow-ups and Q&A answers in a multi-dialog chat, against a real HTTP server on 127.0.0.1 that
 * speaks the OpenAI chat-completions protocol: a request can come from a dialog that the turn only
 * reaches through a trigger, and is asked with that dialog's instruction, exit conditions and history.
 */

let llm: FakeLlm;
let t: TestApp;
let owner: Session;
beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({ ...fakeLlmEnv(llm), LIVE_REGISTRATIONS_PER_ADDRESS: '1000' });
  owner = await authorSession(t);
});
afterAll(async () => {
  await t.close();
  await llm.close();
});
beforeEach(() => llm.reset());

const settings = { welcome: '', ending: '' };

/** A: a question whose answer moves the chat to B's gpt block; B: the gpt block, then a Q&A block. */
async function game() {
  const opts = { ownerId: owner.id, settings };
  const a = (
    await createChatDialog(
      t,
      [
        { id: 'a1', type: 'message', context: 'Willkommen in A.' },
        { id: 'a2', type: 'single_choice', context: 'Weiter?', options: ['Ja'] },
      ],
      opts,
    )
  ).surveyId;
  const b = await createChatDialog(
    t,
    [
      {
        id: 'g',
        type: 'gpt',
        context: 'Frag nach, was der Zeuge gesehen hat.',
        nachfrage: 'Was haben Sie gesehen?',
        acknowledgement: 'Danke, Zeuge.',
        max_turns: 3,
      },
      {
        id: 'qa',
        type: 'qa',
        context: 'Noch Fragen an die Kommissarin?',
        qa_pairs: [{ question: 'Wer ist verdächtig?', answer: 'Der Gärtner.' }],
        qa_fallback: 'Dazu sage ich nichts.',
      },
    ],
    opts,
  );
  await t.database.db
    .insertInto('gpt_exit_conditions')
    .values({
      survey_id: b.id,
      unique_question_id: blockId('g', b.surveyId),
      condition: JSON.stringify({ condition: 'Der Zeuge hat beschrieben, was er sah.' }),
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .execute();
  const created = await call(t, owner.token, '/api/create_dialogmanager', {
    name: 'Krimi',
    connected_surveys: [a, b.surveyId].map((survey_id, i) => ({ survey_id, order: i + 1 })),
  });
  expect(created.statusCode, created.body).toBe(201);
  const manager = created.json().dialog_manager_id as number;
  const trigger = await call(t, owner.token, '/api/create_trigger', {
    dialog_manager_id: manager,
    survey_id: a,
    unique_question_id: blockId('a2', a),
    trigger: `moveTo;${b.surveyId};${blockId('g', b.surveyId)}`,
    init_survey: true,
  });
  expect(trigger.statusCode, trigger.body).toBe(201);
  const live = await t.app.inject({
    method: 'POST',
    url: '/api/register_live_list',
    payload: { survey_id_list: [a, b.surveyId] },
  });
  expect(live.statusCode, live.body).toBe(200);
  return { manager, a, b: b.surveyId, token: live.json().token_live as string };
}

async function ok(token: string, path: string, payload: object): Promise<MultichatTurnResponse> {
  const res = await call(t, token, path, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function answer(g: { manager: number; token: string }, r: MultichatTurnResponse, text: string) {
  const input = r.input!;
  return ok(g.token, '/api/multichat/answer', {
    dialog_manager_id: g.manager,
    survey_id: input.survey_id,
    unique_question_id: input.unique_question_id,
    nachfrage_id: input.nachfrage_id,
    turn: input.turn,
    answer: text,
  });
}

const said = (r: MultichatTurnResponse) =>
  r.messages.filter((m) => m.user_or_bot === 'bot').map((m) => m.context);

describe('multichat with a language model', () => {
  it('a gpt block reached through a trigger asks the model with its own dialog, then the game goes on', async () => {
    const g = await game();
    llm.respond((_call, i) =>
      i === 0
        ? reply({ done: false, question: 'Was genau haben Sie in der Nacht gesehen?' })
        : reply({ done: true, question: '' }),
    );
    let r = await ok(g.token, '/api/multichat/start', { dialog_manager_id: g.manager });
    expect(said(r)).toEqual(['Willkommen in A.', 'Weiter?']);
    expect(llm.calls).toHaveLength(0);

    r = await answer(g, r, 'Ja');
    expect(said(r)).toEqual(['Was genau haben Sie in der Nacht gesehen?']);
    expect(r.input).toMatchObject({ survey_id: g.b, type: 'gpt', unique_question_id: blockId('g', g.b) });
    expect(llm.calls).toHaveLength(1);
    const system = llm.calls[0]!.body.messages[0]!.content;
    expect(system).toContain('Frag nach, was der Zeuge gesehen hat.');
    expect(system).toContain('- Der Zeuge hat beschrieben, was er sah.');

    r = await answer(g, r, 'Einen Mann mit Hut am Gartentor');
    expect(said(r)).toEqual(['Danke, Zeuge.', 'Noch Fragen an die Kommissarin?']);
    expect(llm.calls).toHaveLength(2);
    // The judge sees B's conversation: the model's question (stored in B's session) and the answer.
    const conversation = llm.calls[1]!.body.messages.at(-1)!.content;
    expect(conversation).toContain('Bot: Was genau haben Sie in der Nacht gesehen?');
    expect(conversation).toContain('Respondent: Einen Mann mit Hut am Gartentor');

    llm.reset();
    llm.respond(() => reply({ answer: 'Der Gärtner steht unter Verdacht.' }));
    r = await answer(g, r, 'Wer ist denn verdächtig?');
    expect(said(r)[0]).toBe('Der Gärtner steht unter Verdacht.');
    expect(llm.calls).toHaveLength(1);
    expect(JSON.stringify(llm.calls[0]!.body.messages)).toContain('Der Gärtner.');
  });

  it('a restart asks the model for the new game without the conversation of the old one', async () => {
    const opts = { ownerId: owner.id, settings };
    const gpt = {
      id: 'g0',
      type: 'gpt' as const,
      context: 'Frag nach dem Alibi.',
      nachfrage: 'Wo waren Sie?',
      max_turns: 1,
    };
    const a = (await createChatDialog(t, [gpt, { id: 'a2', type: 'message', context: 'Ende A.' }], opts))
      .surveyId;
    const created = await call(t, owner.token, '/api/create_dialogmanager', {
      name: 'Alibi',
      connected_surveys: [{ survey_id: a, order: 1 }],
    });
    const g = { manager: created.json().dialog_manager_id as number, token: owner.token };
    llm.respond(() => reply({ done: false, question: 'Wo waren Sie um Mitternacht?' }));
    let r = await ok(g.token, '/api/multichat/start', { dialog_manager_id: g.manager });
    expect(said(r)).toEqual(['Wo waren Sie um Mitternacht?']);
    r = await answer(g, r, 'Im Kino am Markt');
    expect(said(r)).toEqual(['Ende A.']);
    llm.reset();
    llm.respond(() => reply({ done: false, question: 'Und wo waren Sie gestern?' }));
    r = await ok(g.token, '/api/multichat/restart', { dialog_manager_id: g.manager });
    expect(said(r)).toEqual(['Und wo waren Sie gestern?']);
    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]!.body.messages.at(-1)!.content).not.toContain('Im Kino am Markt');
  });

  it('when the model fails, the fixed follow-up asks instead and the game is never stuck', async () => {
    const g = await game();
    llm.respond(() => ({ status: 500 }));
    let r = await ok(g.token, '/api/multichat/start', { dialog_manager_id: g.manager });
    r = await answer(g, r, 'Ja');
    expect(said(r)).toEqual(['Was haben Sie gesehen?']);
    // The request and its one retry.
    expect(llm.calls).toHaveLength(2);
    r = await answer(g, r, 'Nichts');
    expect(said(r)).toEqual(['Danke, Zeuge.', 'Noch Fragen an die Kommissarin?']);
  });
});
