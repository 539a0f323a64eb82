import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  expectClientAnswer,
  expectNoServerErrors,
  junkString,
  randomRequest,
  toInjectOptions,
} from '../test/arbitraries.ts';
import { type BlockSpec, blockId } from '../test/chat-fixtures.ts';
import { appForFile, chatDialogForFile } from '../test/per-file.ts';

/** Property: no body, header, token or path sent to a training or GPT exit condition call gives a 5xx. */

const SPECS: BlockSpec[] = [
  { id: 'why', type: 'open_text', options: ['Preis', 'Qualität'] },
  { id: 'gpt', type: 'gpt' },
  { id: 'msg', type: 'message' },
];

const t = appForFile();
const dialog = chatDialogForFile(t, SPECS);
const tokens = () => [dialog.authorToken, dialog.live];

const CALLS = [
  'get_examples',
  'add_example',
  'import_examples',
  'update_example',
  'delete_example',
  'train',
  'status',
  'set_threshold',
  'get_inbox',
  'assign_inbox',
  'dismiss_inbox',
];

/** Every byte of the UTF-8 text percent-encoded (encodeURIComponent throws on lone surrogates). */
const percentEncoded = (text: string) =>
  Array.from(Buffer.from(text), (b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** A path segment: a real id or junk, encoded as a client would (or not). */
const segment = (real: () => string) =>
  fc.oneof(
    fc.constant(null).map(() => real()),
    junkString.map(percentEncoded),
    fc.integer().map(String),
    fc.constantFrom('', '%', '%zz', '..', '1e999', '-1', '0x10'),
  );

describe('training calls under random input', () => {
  const fields = () => ({
    survey_id: fc.oneof(fc.constant(dialog.surveyId), junkString),
    unique_question_id: fc.oneof(
      fc.constantFrom(...SPECS.map((s) => blockId(s.id, dialog.surveyId))),
      junkString,
    ),
    id: fc.oneof(fc.nat(20), fc.integer(), junkString, fc.double()),
    branch: fc.oneof(fc.constantFrom('Preis', 'Qualität', 'none', 'keiner davon'), junkString),
    text: fc.oneof(fc.constantFrom('zu teuer', 'gute Qualität'), junkString),
    threshold: fc.oneof(fc.double(), fc.double({ min: 0, max: 1 }), junkString),
  });

  for (const name of CALLS) {
    it(`/api/training/${name} never answers 5xx`, async () => {
      await expectNoServerErrors(t.app, `/api/training/${name}`, fields(), tokens(), 80);
    });
  }

  it('GET trainingdata_jumps never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        segment(() => dialog.surveyId),
        segment(() => blockId('why', dialog.surveyId)),
        randomRequest({}, tokens()),
        async (sid, question, req) => {
          const url = `/api/surveys/${sid}/trainingdata_jumps/${question}`;
          expectClientAnswer(await t.app.inject(toInjectOptions('GET', url, { ...req, body: {} })));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('gpt_exit_conditions calls never answer 5xx', async () => {
    const body = {
      unique_question_id: fc.oneof(
        fc.constantFrom(...SPECS.map((s) => blockId(s.id, dialog.surveyId))),
        junkString,
      ),
      condition: fc.oneof(fc.constant('Ein Grund ist genannt'), junkString),
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PUT', 'DELETE'),
        segment(() => dialog.surveyId),
        segment(() => '1'),
        randomRequest(body, tokens()),
        async (method, sid, conditionId, req) => {
          const url = `/api/surveys/${sid}/gpt_exit_conditions${method === 'POST' ? '' : `/${conditionId}`}`;
          // PUT and DELETE take the same options as POST (toInjectOptions names GET and POST only).
          expectClientAnswer(await t.app.inject({ ...toInjectOptions('POST', url, req), method }));
        },
      ),
      { numRuns: 200 },
    );
  });
});
