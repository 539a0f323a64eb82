import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../../contract/blocks.ts';
import { createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { call, dialogData } from '../test/dialogs.ts';
import { seedDemo } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedDemo', () => {
  it('creates the demo author and a live German demo dialog, once', async () => {
    const account = await seedDemo(t.ctx);
    expect(account?.username).toBe('demo');
    const { token } = await loginAs(t, account!.username, account!.password);
    const list = (await call(t, token, '/api/get_survey_list')).json().surveys;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ survey_name: 'Workshop-Feedback (Demo)', role: 'owner', active: true });

    const dialog = await dialogData(t, token, list[0].survey_id);
    const types = dialog.all_questions.map((b) => b.type);
    expect(new Set(types).size).toBeGreaterThanOrEqual(8);
    expect(types.every((type) => (BLOCK_TYPES as readonly string[]).includes(type))).toBe(true);
    const choice = dialog.all_questions[1]!;
    expect(choice.jump_to_ids).toEqual([null, null, dialog.all_questions.at(-1)!.unique_question_id]);
    expect(dialog.all_questions.at(-1)).toMatchObject({ type: 'end', is_end: 1 });

    expect(await seedDemo(t.ctx)).toBeUndefined();
    expect(await t.database.db.selectFrom('surveys').select('id').execute()).toHaveLength(1);
  });
});
