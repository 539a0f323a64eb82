import { beforeAll, expect, it } from 'vitest';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { blockId, createChatDialog } from '../test/chat-fixtures.ts';
import { call } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

/** TRAINING_MAX_PARALLEL: trainings beyond the limit answer server_busy instead of taking another core. */

let sid: string;
const t = appForFile({ TRAINING_MAX_PARALLEL: '1' });
const me = authorForFile(t);
beforeAll(async () => {
  const block = (id: string) => ({
    id,
    type: 'open_text' as const,
    context: 'Warum?',
    options: ['Preis', 'Service'],
  });
  sid = (await createChatDialog(t, [block('a'), block('b')], { ownerId: me.id, active: false })).surveyId;
  for (const id of ['a', 'b']) {
    for (const [branch, text] of [
      ['Preis', 'zu teuer'],
      ['Service', 'unfreundlich'],
    ]) {
      const res = await call(t, me.token, '/api/training/add_example', {
        survey_id: sid,
        unique_question_id: blockId(id, sid),
        branch,
        text,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
});

it('a second training while the limit is reached answers 503 server_busy', async () => {
  const train = (id: string) =>
    call(t, me.token, '/api/training/train', { survey_id: sid, unique_question_id: blockId(id, sid) });
  const results = await Promise.all([train('a'), train('b')]);
  expect(results.map((r) => r.statusCode).sort()).toEqual([200, 503]);
  const refused = results.find((r) => r.statusCode === 503)!;
  expect(refused.json().title).toBe(ERROR_TITLES.serverBusy);
});
