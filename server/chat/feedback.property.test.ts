import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createAuthor, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { expectClientAnswer, junkString, randomRequest, toInjectOptions } from '../test/arbitraries.ts';
import { type BlockSpec, blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';

/** Property: no body, header or token sent to flag_answer, flagged_answers or get_privacy_declaration gives a 5xx. */

const SPECS: BlockSpec[] = [
  { id: 'why', type: 'open_text', options: ['Preis', 'Qualität'] },
  { id: 'pick', type: 'single_choice', options: ['Ja', 'Nein'] },
];

let t: TestApp;
let surveyId: string;
let tokens: string[];
beforeAll(async () => {
  t = await createTestApp();
  const author = await createAuthor(t);
  surveyId = (await createChatDialog(t, SPECS, { ownerId: author.id })).surveyId;
  const authorToken = (await loginAs(t, author.username, author.password)).token;
  const start = await chatOk(t, authorToken, '/api/chat/start', { survey_id: surveyId });
  await chatOk(t, authorToken, '/api/chat/answer', {
    survey_id: surveyId,
    unique_question_id: start.input!.unique_question_id,
    answer: 'zu teuer',
  });
  tokens = [authorToken, (await registerLive(t, surveyId)).token_live];
});
afterAll(() => t.close());

describe('flag_answer, flagged_answers and get_privacy_declaration under random input', () => {
  it('/api/chat/flag_answer never answers 5xx', async () => {
    const fields = {
      survey_id: fc.oneof(fc.constant(surveyId), junkString),
      answer_id: fc.oneof(fc.integer(), fc.nat(20), junkString, fc.double()),
      unique_question_id: fc.oneof(fc.constantFrom(...SPECS.map((s) => blockId(s.id, surveyId))), junkString),
      seq: fc.oneof(fc.nat(10), fc.integer(), junkString, fc.double()),
      expected_branch: fc.oneof(fc.constant(null), fc.constantFrom('Preis', 'Qualität'), junkString),
    };
    await fc.assert(
      fc.asyncProperty(randomRequest(fields, tokens), async (req) => {
        expectClientAnswer(await t.app.inject(toInjectOptions('POST', '/api/chat/flag_answer', req)));
      }),
      { numRuns: 300 },
    );
  });

  it('/api/chat/flagged_answers never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        randomRequest({ survey_id: fc.oneof(fc.constant(surveyId), junkString) }, tokens),
        async (req) => {
          expectClientAnswer(await t.app.inject(toInjectOptions('POST', '/api/chat/flagged_answers', req)));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('/api/get_privacy_declaration never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        randomRequest({ survey_id: fc.oneof(fc.constant(surveyId), junkString) }, tokens),
        async (req) => {
          expectClientAnswer(
            await t.app.inject(toInjectOptions('POST', '/api/get_privacy_declaration', req)),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
