import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIKERT_NA_LABEL } from '../../contract/blocks.ts';
import { expectClientAnswer, expectNoServerErrors, junkString } from '../test/arbitraries.ts';
import { type BlockSpec, blockId, chatCall, chatOk, createChatDialog } from '../test/chat-fixtures.ts';
import { liveToken } from '../test/dialogs.ts';
import { appForFile, chatDialogForFile } from '../test/per-file.ts';

/** Property: no body, header or token sent to a chat call gives a 5xx, and errors are { title, msg }. */

const SPECS: BlockSpec[] = [
  { id: 'name', type: 'open_text', variable: 'name', options: ['Preis', 'Qualität'] },
  { id: 'c', type: 'single_choice', options: ['Ja', 'Nein'], nachfrage: 'Warum?' },
  { id: 'm', type: 'multiple_choice', options: ['A', 'B'] },
  { id: 'l', type: 'likert', options: ['1', '2', '3'], likert_na: 1 },
  { id: 'n', type: 'number', min: 0, max: 10, integer: 1 },
  { id: 'e', type: 'email' },
  { id: 'd', type: 'date', min_date: '2000-01-01' },
  { id: 'g', type: 'gpt', nachfrage: 'Mehr?' },
  { id: 'q', type: 'qa', qa_pairs: [{ question: 'Wie lange?', answer: 'Kurz.' }] },
  { id: 'back', type: 'single_choice', options: ['nochmal', 'ende'], jump_to_ids: ['name', 'END'] },
];

const t = appForFile();
const dialog = chatDialogForFile(t, SPECS);
let tokens: string[];
beforeAll(async () => {
  tokens = [dialog.live, dialog.authorToken];
  await chatOk(t, dialog.live, '/api/chat/start', { survey_id: dialog.surveyId });
  await chatOk(t, dialog.authorToken, '/api/chat/start', { survey_id: dialog.surveyId });
});

const surveyField = () => fc.oneof(fc.constant(dialog.surveyId), junkString);
const blockField = () =>
  fc.oneof(fc.constantFrom(...SPECS.map((s) => blockId(s.id, dialog.surveyId))), junkString);
const answerField = fc.oneof(
  junkString,
  fc.constantFrom('Ja', 'Nein', 'A', '3', '2024-01-01', 'a@b.de', 'weiter', LIKERT_NA_LABEL, 'nochmal'),
  fc.double(),
  fc.array(fc.oneof(junkString, fc.constantFrom('A', 'B')), { maxLength: 60 }),
);

describe('chat calls under random input', () => {
  it.each(['/api/chat/start', '/api/chat/history'])('%s never answers 5xx', async (url) => {
    await expectNoServerErrors(t.app, url, { survey_id: surveyField() }, tokens, 150);
  });

  it('/api/chat/answer never answers 5xx', async () => {
    const fields = {
      survey_id: surveyField(),
      unique_question_id: blockField(),
      nachfrage_id: fc.oneof(fc.constant(null), blockField()),
      turn: fc.oneof(fc.nat(50), fc.integer()),
      answer: answerField,
    };
    await expectNoServerErrors(t.app, '/api/chat/answer', fields, tokens, 300);
  });

  it('random answers to whatever is asked keep the chat going and the history consistent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answerField, { minLength: 1, maxLength: 12 }), async (answers) => {
        for (const answer of answers) {
          const now = await chatOk(t, dialog.live, '/api/chat/history', { survey_id: dialog.surveyId });
          if (!now.input) {
            await chatOk(t, dialog.live, '/api/restart_delete', {
              survey_id: dialog.surveyId,
              action: 'restart',
              live: true,
            });
            continue;
          }
          const res = await chatCall(t, dialog.live, '/api/chat/answer', {
            survey_id: dialog.surveyId,
            unique_question_id: now.input.unique_question_id,
            nachfrage_id: now.input.nachfrage_id,
            turn: now.input.turn,
            answer,
          });
          expectClientAnswer(res);
          if (res.statusCode === 200) {
            const after = await chatOk(t, dialog.live, '/api/chat/history', { survey_id: dialog.surveyId });
            expect(after.messages).toEqual([...now.messages, ...res.json().messages]);
            expect(after.input).toEqual(res.json().input);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('/api/restart_delete never answers 5xx', async () => {
    const dialog = await createChatDialog(t, SPECS);
    const own = await liveToken(t, dialog.surveyId);
    const fields = {
      survey_id: fc.oneof(fc.constant(dialog.surveyId), junkString),
      action: fc.oneof(fc.constantFrom('restart', 'delete'), junkString),
      live: fc.oneof(fc.boolean(), junkString),
    };
    await expectNoServerErrors(t.app, '/api/restart_delete', fields, [own, tokens[1]!], 150);
  });

  it('/api/get_config and /api/get_survey_language never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(dialog.surveyId), fc.string(), junkString), async (id) => {
        expectClientAnswer(
          await t.app.inject({
            method: 'GET',
            url: `/api/get_config?survey_id=${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, '?'))}`,
          }),
        );
      }),
      { numRuns: 100 },
    );
    await expectNoServerErrors(
      t.app,
      '/api/get_survey_language',
      { survey_id: surveyField() },
      ['a.b.c'],
      100,
    );
  });
});
