import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { type BlockSpec, blockId, chatCall, chatOk, createChatDialog } from '../test/chat-fixtures.ts';
import { liveToken } from '../test/dialogs.ts';
import { type FakeLlm, fakeLlmEnv, reply, startFakeLlm } from '../test/fake-llm.ts';

/**
 * GPT follow-ups and Q&A answers through the real app against a real HTTP server on 127.0.0.1 that speaks
 * the OpenAI chat-completions protocol: happy paths, max_turns, timeout, errors, a full concurrency limit,
 * and no request at all when no model is configured.
 */

let llm: FakeLlm;
let t: TestApp;
beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({ ...fakeLlmEnv(llm), LLM_MAX_PARALLEL: '1' });
});
afterAll(async () => {
  await t.close();
  await llm.close();
});
beforeEach(() => llm.reset());

const GPT: BlockSpec[] = [
  { id: 'hello', type: 'message', context: 'Hallo!' },
  {
    id: 'g',
    type: 'gpt',
    context: 'Frag nach, warum der Kurs gefallen hat.',
    nachfrage: 'Warum genau?',
    acknowledgement: 'Danke!',
    max_turns: 3,
  },
  { id: 'mail', type: 'email', context: 'Ihre E-Mail?' },
];

const QA: BlockSpec[] = [
  {
    id: 'qa',
    type: 'qa',
    context: 'Haben Sie Fragen?',
    qa_pairs: [
      { question: 'Wie lange dauert die Umfrage?', answer: 'Etwa fünf Minuten.' },
      { question: 'Was passiert mit meinen Daten?', answer: 'Sie werden anonym ausgewertet.' },
    ],
    qa_fallback: 'Dazu weiß ich nichts.',
  },
  { id: 'mail', type: 'email', context: 'Ihre E-Mail?' },
];

async function dialog(app: TestApp, specs: BlockSpec[], conditions: string[] = []) {
  const d = await createChatDialog(app, specs);
  for (const condition of conditions) {
    await app.database.db
      .insertInto('gpt_exit_conditions')
      .values({
        survey_id: d.id,
        unique_question_id: blockId('g', d.surveyId),
        condition: JSON.stringify({ condition }),
        created_at: app.clock.now,
        updated_at: app.clock.now,
      })
      .execute();
  }
  const token_live = await liveToken(app, d.surveyId);
  return { surveyId: d.surveyId, token: token_live };
}

const start = (app: TestApp, c: { surveyId: string; token: string }) =>
  chatOk(app, c.token, '/api/chat/start', { survey_id: c.surveyId });

function answerCall(
  app: TestApp,
  c: { surveyId: string; token: string },
  prev: ChatTurnResponse,
  text: string,
) {
  const input = prev.input!;
  return chatCall(app, c.token, '/api/chat/answer', {
    survey_id: c.surveyId,
    unique_question_id: input.unique_question_id,
    nachfrage_id: input.nachfrage_id,
    turn: input.turn,
    answer: text,
  });
}

async function answer(
  app: TestApp,
  c: { surveyId: string; token: string },
  prev: ChatTurnResponse,
  text: string,
) {
  const res = await answerCall(app, c, prev, text);
  if (res.statusCode !== 200) throw new Error(`answer: ${res.statusCode} ${res.body}`);
  return res.json() as ChatTurnResponse;
}

const botTexts = (r: ChatTurnResponse) =>
  r.messages.filter((m) => m.user_or_bot === 'bot').map((m) => m.context);

async function gptAnswers(surveyId: string, app: TestApp = t) {
  const rows = await app.database.db
    .selectFrom('answers')
    .innerJoin('surveys', 'surveys.id', 'answers.survey_id')
    .select(['answers.kind', 'answers.value'])
    .where('surveys.survey_id', '=', surveyId)
    .orderBy('answers.id')
    .execute();
  return rows;
}

describe('GPT follow-ups', () => {
  it('the model asks follow-ups until it judges an exit condition met; then the dialog goes on', async () => {
    const c = await dialog(t, GPT, ['Der Grund ist genannt.']);
    llm.respond((_call, i) =>
      i === 0
        ? reply({ done: false, question: 'Was hat Ihnen am Kurs gefallen?' })
        : i === 1
          ? reply({ done: false, question: 'Und was genau daran?' })
          : reply({ done: true, question: '' }),
    );
    const first = await start(t, c);
    expect(botTexts(first)).toEqual(['Willkommen!', 'Hallo!', 'Was hat Ihnen am Kurs gefallen?']);
    expect(first.input).toMatchObject({ type: 'gpt', unique_question_id: blockId('g', c.surveyId) });

    const second = await answer(t, c, first, 'Die Übungen');
    expect(botTexts(second)).toEqual(['Und was genau daran?']);
    expect(second.input).toMatchObject({ type: 'gpt', turn: 1 });

    const third = await answer(t, c, second, 'Dass sie praktisch waren');
    expect(botTexts(third)).toEqual(['Danke!', 'Ihre E-Mail?']);
    expect(third.input).toMatchObject({ type: 'email' });
    expect(await gptAnswers(c.surveyId)).toEqual([
      { kind: 'gpt', value: 'Die Übungen' },
      { kind: 'gpt', value: 'Dass sie praktisch waren' },
    ]);

    expect(llm.calls).toHaveLength(3);
    const [opening, judge] = llm.calls;
    expect(opening!.authorization).toBe('Bearer sk-test');
    expect(opening!.body).toMatchObject({ model: 'test-model', response_format: { type: 'json_object' } });
    const system = opening!.body.messages[0]!.content;
    expect(system).toContain('Frag nach, warum der Kurs gefallen hat.');
    expect(system).toContain('- Der Grund ist genannt.');
    expect(system).toContain('"Sie"');
    // The conversation: the stored history and the answer of this turn, as plain text.
    const conversation = judge!.body.messages.at(-1)!.content;
    expect(conversation).toContain('Bot: Was hat Ihnen am Kurs gefallen?');
    expect(conversation).toContain('Respondent: Die Übungen');
    expect(conversation).not.toContain('§');

    // A reload shows the same conversation; the stored state resumes.
    const history = await chatOk(t, c.token, '/api/chat/history', { survey_id: c.surveyId });
    expect(history.input).toMatchObject({ type: 'email' });
  });

  it('goes on after max_turns answers without asking the model again', async () => {
    const c = await dialog(
      t,
      GPT.map((b) => (b.id === 'g' ? { ...b, max_turns: 2 } : b)),
    );
    llm.respond(() => reply({ done: false, question: 'Noch etwas?' }));
    const first = await start(t, c);
    expect(botTexts(first).at(-1)).toBe('Noch etwas?');
    const second = await answer(t, c, first, 'eins');
    expect(botTexts(second)).toEqual(['Noch etwas?']);
    const third = await answer(t, c, second, 'zwei');
    expect(botTexts(third)).toEqual(['Danke!', 'Ihre E-Mail?']);
    expect(llm.calls).toHaveLength(2);
  });

  it('a server that never answers: one retry after the timeout, then the fixed follow-up; never stuck', async () => {
    const c = await dialog(t, GPT);
    llm.respond(() => ({ hang: true }));
    const first = await start(t, c);
    expect(botTexts(first).at(-1)).toBe('Warum genau?');
    expect(llm.calls).toHaveLength(2);
    const second = await answer(t, c, first, 'Darum');
    expect(botTexts(second)).toEqual(['Danke!', 'Ihre E-Mail?']);
    expect(llm.calls).toHaveLength(4);
  });

  it('an error status is retried exactly once, then the fixed follow-up', async () => {
    const c = await dialog(t, GPT);
    llm.respond(() => ({ status: 500 }));
    const first = await start(t, c);
    expect(botTexts(first).at(-1)).toBe('Warum genau?');
    expect(llm.calls).toHaveLength(2);
  });

  it('a reply of the wrong form falls back, and a working model takes over again', async () => {
    const c = await dialog(t, GPT);
    llm.respond((_call, i) =>
      i === 0 ? { content: 'Gerne! Hier ist meine Frage.' } : reply({ done: false, question: 'Wieso?' }),
    );
    const first = await start(t, c);
    expect(botTexts(first).at(-1)).toBe('Warum genau?');
    const second = await answer(t, c, first, 'Darum');
    expect(botTexts(second)).toEqual(['Wieso?']);
  });

  it('with LLM_MAX_PARALLEL requests under way, another turn that needs the model gets 503 server_busy', async () => {
    const a = await dialog(t, GPT);
    const b = await dialog(t, GPT);
    llm.respond(() => reply({ done: false, question: 'Was genau?' }));
    const [sa, sb] = [await start(t, a), await start(t, b)];
    llm.reset();
    llm.respond(() => ({ ...reply({ done: false, question: 'Und dann?' }), delayMs: 400 }));
    const [ra, rb] = await Promise.all([answerCall(t, a, sa, 'eins'), answerCall(t, b, sb, 'zwei')]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 503]);
    const [busy, busyChat, busyStart] = ra.statusCode === 503 ? [ra, a, sa] : [rb, b, sb];
    expect(busy.json()).toEqual({ title: ERROR_TITLES.serverBusy, msg: MESSAGES.serverBusy });
    expect(llm.calls).toHaveLength(1);
    // Nothing was stored for the busy turn: sent again, the answer counts.
    const again = await answer(t, busyChat, busyStart, 'nochmal');
    expect(botTexts(again)).toEqual(['Und dann?']);
    expect((await gptAnswers(busyChat.surveyId)).map((r) => r.value)).toEqual(['nochmal']);
  });
});

describe('Q&A answers', () => {
  it('the model answers grounded on the best matching pairs; null says the fallback', async () => {
    const c = await dialog(t, QA);
    llm.respond((_call, i) =>
      i === 0 ? reply({ answer: 'Nur etwa fünf Minuten.' }) : reply({ answer: null }),
    );
    const first = await start(t, c);
    const second = await answer(t, c, first, 'Wie lange dauert das?');
    expect(botTexts(second)).toEqual(['Nur etwa fünf Minuten.']);
    expect(second.input).toMatchObject({ type: 'qa' });
    const system = llm.calls[0]!.body.messages[0]!.content;
    expect(system).toContain('Q: Wie lange dauert die Umfrage?');
    expect(system).toContain('A: Etwa fünf Minuten.');
    expect(llm.calls[0]!.body.messages.at(-1)!.content).toContain('The question: Wie lange dauert das?');

    const third = await answer(t, c, second, 'Werden meine Daten gespeichert?');
    expect(botTexts(third)).toEqual(['Dazu weiß ich nichts.']);
    // A question that shares no word with any pair still goes to the model, with every pair (it may be
    // a paraphrase the search cannot see); its null says the fallback.
    const fourth = await answer(t, c, third, 'Wie wird das Wetter?');
    expect(botTexts(fourth)).toEqual(['Dazu weiß ich nichts.']);
    expect(llm.calls).toHaveLength(3);
    const offered = llm.calls[2]!.body.messages[0]!.content;
    expect(offered).toContain('Q: Wie lange dauert die Umfrage?');
    expect(offered).toContain('Q: Was passiert mit meinen Daten?');
  });

  it('only_search answers from the pairs and never calls the model', async () => {
    const c = await dialog(
      t,
      QA.map((b) => (b.id === 'qa' ? { ...b, only_search: 1 } : b)),
    );
    llm.respond(() => reply({ answer: 'vom Modell' }));
    const first = await start(t, c);
    const second = await answer(t, c, first, 'wie lange dauert die umfrage');
    expect(botTexts(second)).toEqual(['Etwa fünf Minuten.']);
    const third = await answer(t, c, second, 'Weiter');
    expect(botTexts(third)).toEqual(['Ihre E-Mail?']);
    expect(llm.calls).toHaveLength(0);
  });
});

describe('without a configured model', () => {
  let plain: TestApp;
  beforeAll(async () => {
    // The key alone configures nothing: no server address, no model.
    plain = await createTestApp({ LLM_API_KEY: 'sk-test' });
  });
  afterAll(() => plain.close());

  it('gpt blocks ask their fixed follow-up, Q&A answers by search, and no request is sent anywhere', async () => {
    llm.respond(() => reply({ done: false, question: 'nie gesendet' }));
    const g = await dialog(plain, GPT);
    const first = await start(plain, g);
    expect(botTexts(first).at(-1)).toBe('Warum genau?');
    const second = await answer(plain, g, first, 'Darum');
    expect(botTexts(second)).toEqual(['Danke!', 'Ihre E-Mail?']);

    const q = await dialog(plain, QA);
    const qaFirst = await start(plain, q);
    const qaSecond = await answer(plain, q, qaFirst, 'Wie lange dauert das?');
    expect(botTexts(qaSecond)).toEqual(['Etwa fünf Minuten.']);
    expect(llm.calls).toHaveLength(0);
  });

  it('a gpt block with a question asks it first, stores the answer and takes its default path', async () => {
    const g = await dialog(plain, [
      { ...GPT[1]!, question: 'Was hat Ihnen am Kurs gefallen?', jump_to_question: 'mail' },
      { id: 'skipped', type: 'open_text', context: 'Diese Frage kommt nicht.' },
      GPT[2]!,
    ]);
    const first = await start(plain, g);
    expect(botTexts(first).at(-1)).toBe('Was hat Ihnen am Kurs gefallen?');
    expect(first.input?.unique_question_id).toBe(blockId('g', g.surveyId));
    const second = await answer(plain, g, first, 'Die Übungen');
    // No fixed follow-up without the model's context, no instruction: thanks, then the jump's target.
    expect(botTexts(second)).toEqual(['Danke!', 'Ihre E-Mail?']);
    expect(await gptAnswers(g.surveyId, plain)).toEqual([{ kind: 'gpt', value: 'Die Übungen' }]);
    expect(llm.calls).toHaveLength(0);
  });
});
