import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import type { RoutedAnswersResponse } from '../../contract/chat-feedback.ts';
import { FLAGGABLE_ENTRY_TYPE } from '../../contract/chat-feedback.ts';
import type { InboxResponse, StatusResponse } from '../../contract/training.ts';
import type { TestApp } from '../test/app.ts';
import { createTestApp } from '../test/app.ts';
import { blockId, chatCall, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { csvRows } from '../test/csv.ts';
import { authorSession, call, type Session } from '../test/dialogs.ts';
import { answerFresh, storedAnswer as storedRouting } from '../test/routed-answer.ts';
import { PRICE_SERVICE_EXAMPLES } from '../test/training-examples.ts';

/**
 * Routing the author can see (issue 19, section 3) through the real app: a free-text answer keeps the
 * branch it took, its confidence and what decided; the author's test chat names them by entry
 * (routed_answers, never in chat turns), the inbox shows them, the export has a Zweig column.
 */

let t: TestApp;
let me: Session;
let trained: string;
let untrained: string;

const training = (path: string, body: object) => call(t, me.token, `/api/training/${path}`, body);

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

const SPECS = [
  {
    id: 'q',
    type: 'open_text',
    short_name: 'Grund',
    context: 'Was stört Sie?',
    options: ['Preis', 'Service'],
  },
  { id: 'e', type: 'message', context: 'Danke.', jump_to_question: 'END' },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  me = await authorSession(t);
  trained = (await createChatDialog(t, [...SPECS], { ownerId: me.id })).surveyId;
  untrained = (await createChatDialog(t, [...SPECS], { ownerId: me.id })).surveyId;
  const q = blockId('q', trained);
  for (const [branch, texts] of Object.entries(PRICE_SERVICE_EXAMPLES)) {
    for (const text of texts) {
      await ok(training('add_example', { survey_id: trained, unique_question_id: q, branch, text }));
    }
  }
  await ok(training('train', { survey_id: trained, unique_question_id: q }));
  for (let i = 0; i < 300; i++) {
    const status = await ok<StatusResponse>(
      training('status', { survey_id: trained, unique_question_id: q }),
    );
    if (status.status !== 'training') break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);
afterAll(() => t.close());

/** A fresh test chat of the author answering the routed block; the answer turn and the entry's seq. */
async function testAnswer(sid: string, text: string) {
  const res = await answerFresh(t, me.token, sid, text);
  const history: ChatTurnResponse = await chatOk(t, me.token, '/api/chat/history', { survey_id: sid });
  const seq = history.messages.findIndex((m) => m.type === FLAGGABLE_ENTRY_TYPE && m.context === text);
  expect(seq).toBeGreaterThan(-1);
  return { body: res.body, seq };
}

const routed = (sid: string, token: string | null = me.token) =>
  chatCall(t, token, '/api/chat/routed_answers', { survey_id: sid });

const storedAnswer = (sid: string, value: string) => storedRouting(t, sid, value);

describe('the routing stored with a free-text answer', () => {
  it('keeps the branch, confidence and source of the trained model', async () => {
    const { body, seq } = await testAnswer(trained, 'Es ist viel zu teuer');
    const row = await storedAnswer(trained, 'Es ist viel zu teuer');
    expect(row).toMatchObject({ branch: 'Preis', routing_source: 'model' });
    expect(Number(row.confidence)).toBeGreaterThan(0);
    // The chat turn itself says nothing of it.
    expect(body).not.toContain('confidence');
    expect(body).not.toContain('routing');

    const res = await ok<RoutedAnswersResponse>(routed(trained));
    expect(res.routes).toEqual([
      { seq, branch: 'Preis', confidence: Number(row.confidence), source: 'model' },
    ]);
  });

  it("matches branch names without a model, and names 'keiner davon'", async () => {
    const named = await testAnswer(untrained, 'Service');
    expect((await ok<RoutedAnswersResponse>(routed(untrained))).routes).toEqual([
      { seq: named.seq, branch: 'Service', confidence: 1, source: 'labels' },
    ]);
    const none = await testAnswer(untrained, 'Das Wetter');
    expect((await storedAnswer(untrained, 'Das Wetter')).routing_source).toBe('labels');
    expect((await ok<RoutedAnswersResponse>(routed(untrained))).routes).toEqual([
      { seq: none.seq, branch: 'none', confidence: 0, source: 'labels' },
    ]);
  });

  it('is for author tokens only: live tokens and no token are refused, live turns carry nothing', async () => {
    const live = await registerLive(t, trained);
    expect((await routed(trained, null)).statusCode).toBe(401);
    expect([401, 403]).toContain((await routed(trained, live.token_live)).statusCode);
    const start = await chatOk(t, live.token_live, '/api/chat/start', { survey_id: trained });
    const res = await chatCall(t, live.token_live, '/api/chat/answer', {
      survey_id: trained,
      unique_question_id: blockId('q', trained),
      turn: start.input!.turn,
      answer: 'Der Support antwortet nie',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('confidence');
    expect(res.body).not.toContain('Service');
    expect((await storedAnswer(trained, 'Der Support antwortet nie')).routing_source).toBe('model');
  });

  it('the inbox shows where a flagged answer was routed', async () => {
    const { seq } = await testAnswer(trained, 'Die Preise sind viel zu hoch');
    const flagged = await chatCall(t, me.token, '/api/chat/flag_answer', {
      survey_id: trained,
      unique_question_id: blockId('q', trained),
      seq,
      expected_branch: 'Service',
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const { items } = await ok<InboxResponse>(training('get_inbox', { survey_id: trained }));
    const item = items.find((i) => i.text === 'Die Preise sind viel zu hoch');
    expect(item).toMatchObject({
      branch: 'Service',
      flagged: true,
      routed: { branch: 'Preis', source: 'model' },
    });
    expect(item!.routed!.confidence).toBeGreaterThan(0);
  });

  it("the csv export has the block's Zweig and Konfidenz beside the answer", async () => {
    const res = await call(t, me.token, '/api/excel_export', {
      survey_id: untrained,
      format: 'csv',
      filters: { mode: 'test' },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    const at = header!.indexOf('Grund');
    expect(header!.slice(at, at + 3)).toEqual(['Grund', 'Grund (Zweig)', 'Grund (Konfidenz)']);
    const cells = rows.map((r) => r.slice(at, at + 3));
    expect(cells).toContainEqual(['Das Wetter', 'keiner davon', '0']);
  });
});
