import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoutedAnswersResponse } from '../../contract/chat-feedback.ts';
import type { InboxResponse, StatusResponse } from '../../contract/training.ts';
import type { TestApp } from '../test/app.ts';
import { createTestApp } from '../test/app.ts';
import { blockId, chatCall, chatOk, createChatDialog } from '../test/chat-fixtures.ts';
import { conceptVector, WORK_EXAMPLES } from '../test/concept-embeddings.ts';
import { authorSession, call, liveToken, type Session } from '../test/dialogs.ts';
import { type FakeLlm, fakeLlmEnv, reply, startFakeLlm } from '../test/fake-llm.ts';
import { answerFresh, storedAnswer } from '../test/routed-answer.ts';
import { trainBlock } from '../test/train-block.ts';
import type { RoutingModel } from './semantic.ts';

/**
 * Routing with embeddings and the language model (issue 19, section 2) through the chat API, against a
 * fake OpenAI-compatible server on 127.0.0.1: what is stored with the answer (branch, confidence,
 * routing_source), what is sent, and the fallbacks when a service fails, hangs or is busy.
 */

let llm: FakeLlm;
let t: TestApp;
let me: Session;
/** A block trained with embeddings, and one whose training found the embeddings server failing. */
let semantic: string;
let lexical: string;

const SPECS = [
  {
    id: 'q',
    type: 'open_text',
    context: 'Was stört Sie an Ihrer Arbeit?',
    options: ['Bezahlung', 'Führung', 'Arbeitsmenge'],
  },
  { id: 'e', type: 'message', context: 'Danke.', jump_to_question: 'END' },
] as const;

const embedAll = () => llm.respondEmbeddings((call) => ({ vectors: call.body.input.map(conceptVector) }));

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({ ...fakeLlmEnv(llm), EMBEDDINGS_MODEL: 'concepts' });
  me = await authorSession(t);
  semantic = (await createChatDialog(t, [...SPECS], { ownerId: me.id })).surveyId;
  lexical = (await createChatDialog(t, [...SPECS], { ownerId: me.id })).surveyId;
  embedAll();
  expect((await trainBlock(t, me.token, semantic, blockId('q', semantic), WORK_EXAMPLES)).status).toBe(
    'done',
  );
  llm.respondEmbeddings(() => ({ status: 500 }));
  expect((await trainBlock(t, me.token, lexical, blockId('q', lexical), WORK_EXAMPLES)).status).toBe('done');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
});
beforeEach(() => {
  llm.reset();
  embedAll();
  llm.respond(() => ({ status: 500 }));
});

async function storedModel(sid: string): Promise<RoutingModel> {
  const row = await t.database.db
    .selectFrom('training_models')
    .innerJoin('surveys', 'surveys.id', 'training_models.survey_id')
    .select('training_models.model')
    .where('surveys.survey_id', '=', sid)
    .where('training_models.status', '=', 'done')
    .orderBy('training_models.version', 'desc')
    .executeTakeFirstOrThrow();
  return JSON.parse(row.model);
}

/** Answers the block in a fresh test chat; the answer as stored. */
async function answer(sid: string, text: string) {
  await answerFresh(t, me.token, sid, text);
  const row = await storedAnswer(t, sid, text);
  return {
    branch: row.branch,
    confidence: Number(row.confidence),
    source: row.routing_source,
    reason: row.routing_reason,
  };
}

describe('training with embeddings', () => {
  it('stores the centroids, the cross-validated weight and the vectors by text hash with the model', async () => {
    const model = await storedModel(semantic);
    expect(model.semantic).toMatchObject({ model: 'concepts' });
    expect(model.semantic!.weight).toBeGreaterThan(0);
    expect(Object.keys(model.semantic!.cache)).toHaveLength(Object.values(WORK_EXAMPLES).flat().length);
    // The embeddings server failed during the other training: that block routes lexically.
    expect((await storedModel(lexical)).semantic).toBeUndefined();
  });

  it("says in the block's status which services route its answers", async () => {
    const status = async (sid: string) => {
      const res = await call(t, me.token, '/api/training/status', {
        survey_id: sid,
        unique_question_id: blockId('q', sid),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as StatusResponse).routing;
    };
    // German blocks: the local model knows German words and their synonyms.
    expect(await status(semantic)).toEqual({ embeddings: 'concepts', llm: 'test-model', synonyms: true });
    expect(await status(lexical)).toEqual({ embeddings: null, llm: 'test-model', synonyms: true });
  });

  it('embeds only texts the previous model has not, in batches', async () => {
    const q = blockId('q', semantic);
    const added = await trainBlock(t, me.token, semantic, q, { Bezahlung: ['Knete fehlt am Monatsende'] });
    expect(added.status).toBe('done');
    expect(llm.embeddingCalls.map((c) => c.body.input)).toEqual([['Knete fehlt am Monatsende']]);
    expect(llm.embeddingCalls[0]!.body.model).toBe('concepts');
    expect(llm.embeddingCalls[0]!.authorization).toBe('Bearer sk-test');
  });
});

describe('routing an answer', () => {
  it('by embeddings: words no example has go to the branch of their meaning', async () => {
    const row = await answer(semantic, 'die Kohle stimmt nicht');
    expect(row).toMatchObject({ branch: 'Bezahlung', source: 'embeddings' });
    expect(row.confidence).toBeGreaterThan(0.3);
    expect(llm.embeddingCalls.map((c) => c.body.input)).toEqual([['die Kohle stimmt nicht']]);
    // Sure enough: the language model is not asked.
    expect(llm.calls).toHaveLength(0);
  });

  it('falls back to the lexical model when the embeddings server fails or hangs', async () => {
    llm.respondEmbeddings(() => ({ status: 500 }));
    expect(await answer(semantic, 'Mein Chef hört nie zu, echt')).toMatchObject({
      branch: 'Führung',
      source: 'model',
    });
    llm.respondEmbeddings(() => ({ hang: true }));
    expect(await answer(semantic, 'ständig Überstunden, echt')).toMatchObject({
      branch: 'Arbeitsmenge',
      source: 'model',
    });
    // One retry after each failure.
    expect(llm.embeddingCalls).toHaveLength(4);
  });

  it('asks the language model when the classifier is unsure, and stores its branch and confidence', async () => {
    llm.respond(() => reply({ branch: 'Bezahlung', confidence: 0.8, reason: 'Kohle heißt Geld.' }));
    const row = await answer(lexical, 'die Kohle stimmt nicht');
    expect(row).toEqual({ branch: 'Bezahlung', confidence: 0.8, source: 'llm', reason: 'Kohle heißt Geld.' });
    expect(llm.calls).toHaveLength(1);
    const { body } = llm.calls[0]!;
    expect(body.response_format).toEqual({ type: 'json_object' });
    const prompt = body.messages.map((m) => m.content).join('\n');
    for (const part of ['Was stört Sie an Ihrer Arbeit?', '"Führung"', 'Das Gehalt ist zu niedrig']) {
      expect(prompt).toContain(part);
    }
    expect(body.messages.at(-1)!.content).toContain('die Kohle stimmt nicht');
  });

  it("stores the language model's 'keiner davon' as the none route", async () => {
    llm.respond(() => reply({ branch: 'keiner davon', confidence: 0.9, reason: 'Kein Thema der Arbeit.' }));
    expect(await answer(lexical, 'Quark mit Soße')).toEqual({
      branch: null,
      confidence: 0.9,
      source: 'llm',
      reason: 'Kein Thema der Arbeit.',
    });
  });

  it("keeps the classifier's decision when the language model fails, hangs or names no branch", async () => {
    const before = await answer(lexical, 'xyz qwrt');
    expect(before).toMatchObject({ branch: null, source: 'model', reason: null });
    expect(llm.calls).toHaveLength(2);
    llm.respond(() => ({ hang: true }));
    expect(await answer(lexical, 'qwrt xyz')).toMatchObject({ branch: null, source: 'model' });
    llm.respond(() => reply({ branch: 'Kantine', confidence: 1, reason: '' }));
    expect(await answer(lexical, 'xyz xyz')).toMatchObject({ branch: null, source: 'model' });
  });

  it("shows the language model's reason to the author in Testen and in the inbox", async () => {
    llm.respond(() => reply({ branch: 'Bezahlung', confidence: 0.55, reason: '„Kohle“ meint das Gehalt.' }));
    await answer(lexical, 'die Kohle stimmt nicht');
    const routes = await call(t, me.token, '/api/chat/routed_answers', { survey_id: lexical });
    expect(routes.statusCode, routes.body).toBe(200);
    expect((routes.json() as RoutedAnswersResponse).routes.at(-1)).toMatchObject({
      branch: 'Bezahlung',
      source: 'llm',
      reason: '„Kohle“ meint das Gehalt.',
    });
    // Below the threshold's inbox margin, the answer waits in the inbox with the routing and its reason.
    const inbox = await call(t, me.token, '/api/training/get_inbox', { survey_id: lexical });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const item = (inbox.json() as InboxResponse).items.find((i) => i.text === 'die Kohle stimmt nicht');
    expect(item?.routed).toMatchObject({
      branch: 'Bezahlung',
      source: 'llm',
      reason: '„Kohle“ meint das Gehalt.',
    });
  });

  it("keeps the classifier's decision, and answers the turn, while every LLM_MAX_PARALLEL place is taken", async () => {
    // Respondents of GPT blocks in other dialogs hold every place of the app's language model.
    const gpt = { id: 'g', type: 'gpt', context: 'Frag nach.', nachfrage: 'Warum?', max_turns: 2 } as const;
    const chats = [];
    for (let i = 0; i < t.config.LLM_MAX_PARALLEL; i++) {
      const { surveyId } = await createChatDialog(t, [gpt]);
      const token = await liveToken(t, surveyId);
      const start = await chatOk(t, token, '/api/chat/start', { survey_id: surveyId });
      chats.push({ surveyId, token, input: start.input! });
    }
    llm.reset();
    llm.respond(() => ({ hang: true }));
    const holding = chats.map((c) =>
      chatCall(t, c.token, '/api/chat/answer', {
        survey_id: c.surveyId,
        unique_question_id: c.input.unique_question_id,
        turn: c.input.turn,
        answer: 'weil halt',
      }),
    );
    await vi.waitFor(() => expect(llm.calls).toHaveLength(t.config.LLM_MAX_PARALLEL));
    // Unsure, but the language model is not asked: the classifier's 'keiner davon' stands.
    expect(await answer(lexical, 'xyz während voll')).toMatchObject({ branch: null, source: 'model' });
    expect(llm.calls.filter((c) => JSON.stringify(c.body.messages).includes('während voll'))).toEqual([]);
    await Promise.all(holding);
  });

  it('asks nothing about an answer the classifier is sure of', async () => {
    expect(await answer(lexical, 'Das Gehalt ist zu niedrig')).toMatchObject({
      branch: 'Bezahlung',
      source: 'model',
    });
    expect(llm.calls).toHaveLength(0);
  });
});
