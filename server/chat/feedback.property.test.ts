import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { expectNoServerErrors, junkString } from '../test/arbitraries.ts';
import { type BlockSpec, blockId, chatOk } from '../test/chat-fixtures.ts';
import { appForFile, chatDialogForFile } from '../test/per-file.ts';

/** Property: no body, header or token sent to flag_answer, flagged_answers or get_privacy_declaration gives a 5xx. */

const SPECS: BlockSpec[] = [
  { id: 'why', type: 'open_text', options: ['Preis', 'Qualität'] },
  { id: 'pick', type: 'single_choice', options: ['Ja', 'Nein'] },
];

const t = appForFile();
const dialog = chatDialogForFile(t, SPECS);
let tokens: string[];
beforeAll(async () => {
  const start = await chatOk(t, dialog.authorToken, '/api/chat/start', { survey_id: dialog.surveyId });
  await chatOk(t, dialog.authorToken, '/api/chat/answer', {
    survey_id: dialog.surveyId,
    unique_question_id: start.input!.unique_question_id,
    answer: 'zu teuer',
  });
  tokens = [dialog.authorToken, dialog.live];
});

describe('flag_answer, flagged_answers and get_privacy_declaration under random input', () => {
  it('/api/chat/flag_answer never answers 5xx', async () => {
    const fields = {
      survey_id: fc.oneof(fc.constant(dialog.surveyId), junkString),
      answer_id: fc.oneof(fc.integer(), fc.nat(20), junkString, fc.double()),
      unique_question_id: fc.oneof(
        fc.constantFrom(...SPECS.map((s) => blockId(s.id, dialog.surveyId))),
        junkString,
      ),
      seq: fc.oneof(fc.nat(10), fc.integer(), junkString, fc.double()),
      expected_branch: fc.oneof(fc.constant(null), fc.constantFrom('Preis', 'Qualität'), junkString),
    };
    await expectNoServerErrors(t.app, '/api/chat/flag_answer', fields, tokens, 300);
  });

  it.each(['/api/chat/flagged_answers', '/api/get_privacy_declaration'])(
    '%s never answers 5xx',
    async (url) => {
      const fields = { survey_id: fc.oneof(fc.constant(dialog.surveyId), junkString) };
      await expectNoServerErrors(t.app, url, fields, tokens, 150);
    },
  );
});
