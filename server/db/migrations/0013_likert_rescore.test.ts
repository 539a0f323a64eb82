import { expect, it } from 'vitest';
import { blockId, chatOk, createChatDialog, registerLive } from '../../test/chat-fixtures.ts';
import { appForFile } from '../../test/per-file.ts';
import { up } from './0013_likert_rescore.ts';

const t = appForFile();

it("rescores Likert answers stored under a scale's earlier scoring as the block is now", async () => {
  const scale = ['stimme zu', 'eher zu', 'stimme nicht zu'];
  const dialog = await createChatDialog(t, [
    { id: 'lk', type: 'likert', options: scale, inverse: 1, likert_na: 1 },
  ]);
  const answers: string[] = ['stimme zu', 'eher zu', 'keine Angabe', 'stimme nicht zu'];
  for (const answer of answers) {
    const { token_live: token } = await registerLive(t, dialog.surveyId);
    const turn = await chatOk(t, token, '/api/chat/start', { survey_id: dialog.surveyId });
    await chatOk(t, token, '/api/chat/answer', {
      survey_id: dialog.surveyId,
      unique_question_id: turn.input!.unique_question_id,
      turn: turn.input!.turn,
      answer,
    });
  }
  const db = t.database.db;
  const values = async () =>
    (
      await db
        .selectFrom('answers')
        .select(['value', 'value_num'])
        .where('survey_id', '=', dialog.id)
        .orderBy('id')
        .execute()
    ).map((a) => [a.value, a.value_num === null ? null : Number(a.value_num)]);
  expect(await values()).toEqual([
    ['stimme zu', 3],
    ['eher zu', 2],
    ['keine Angabe', null],
    ['stimme nicht zu', 1],
  ]);
  // The scale as an earlier version left it: inverse switched off without rescoring the answers.
  const block = await db
    .selectFrom('blocks')
    .select('data')
    .where('unique_question_id', '=', blockId('lk', dialog.surveyId))
    .executeTakeFirstOrThrow();
  await db
    .updateTable('blocks')
    .set({ data: JSON.stringify({ ...JSON.parse(block.data), inverse: 0 }) })
    .where('unique_question_id', '=', blockId('lk', dialog.surveyId))
    .execute();
  await up(db);
  expect(await values()).toEqual([
    ['stimme zu', 1],
    ['eher zu', 2],
    ['keine Angabe', null],
    ['stimme nicht zu', 3],
  ]);
});
