import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../../contract/blocks.ts';
import { blockNodeSize } from '../../contract/graph-geometry.ts';
import { GAME_META } from '../../contract/routes.ts';
import { parseTrigger, type TriggerObject } from '../../contract/triggers.ts';
import { bearer, createTestApp, loginAs, type TestApp } from '../test/app.ts';
import { call, dialogData } from '../test/dialogs.ts';
import { seedDemo } from './demo.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const account = await seedDemo(t.ctx);
  token = (await loginAs(t, account!.username, account!.password)).token;
});
afterAll(() => t.close());

const get = (url: string, tk: string | undefined = token) =>
  t.app.inject({ method: 'GET', url, headers: tk ? bearer(tk) : {} });

describe('seedDemo', () => {
  it('creates the demo author and a live German demo dialog, once', async () => {
    const list = (await call(t, token, '/api/get_survey_list')).json().surveys;
    expect(list).toHaveLength(7);
    const demo = list.find((s: { survey_name: string }) => s.survey_name === 'Workshop-Feedback (Demo)');
    expect(demo).toMatchObject({ role: 'owner', active: true });

    const dialog = await dialogData(t, token, demo.survey_id);
    const types = dialog.all_questions.map((b) => b.type);
    expect(new Set(types).size).toBeGreaterThanOrEqual(8);
    expect(types.every((type) => (BLOCK_TYPES as readonly string[]).includes(type))).toBe(true);
    const choice = dialog.all_questions[1]!;
    expect(choice.jump_to_ids).toEqual([null, null, dialog.all_questions.at(-1)!.unique_question_id]);
    expect(dialog.all_questions.at(-1)).toMatchObject({ type: 'end', is_end: 1 });
    // One greeting, by the speaker who introduces herself in it.
    expect(dialog.settings).toMatchObject({ welcome: '', avatar_name: 'Lotte' });
    expect(dialog.all_questions[0]!.context).toMatch(/^Hallo! Ich bin Lotte/);

    expect(await seedDemo(t.ctx)).toBeUndefined();
    expect(await t.database.db.selectFrom('surveys').select('id').execute()).toHaveLength(7);
    expect(await t.database.db.selectFrom('dialog_managers').select('id').execute()).toHaveLength(2);
  });

  it('places the blocks of every seeded dialog so that no graph node covers another', async () => {
    const list = (await call(t, token, '/api/get_survey_list')).json().surveys;
    for (const { survey_id } of list as { survey_id: string }[]) {
      const blocks = (await dialogData(t, token, survey_id)).all_questions;
      const rects = blocks.map((b) => ({ ...b.position, ...blockNodeSize(b) }));
      rects.forEach((r, i) => {
        for (const o of rects.slice(i + 1)) {
          const apart =
            r.y + r.height <= o.y || o.y + o.height <= r.y || r.x + r.width <= o.x || o.x + o.width <= r.x;
          expect(apart, `${survey_id}: block ${i + 1} and a later one overlap`).toBe(true);
        }
      });
    }
  });

  it.each([
    ['flow', 3, 'Flow – Das Krimi-Spiel im Messenger'],
    ['aufderflucht', 4, 'Auf der Flucht – Das Krimi-Spiel im Messenger'],
  ])(
    'seeds the %s game under manager id %i: three live dialogs, a start, waitFor, moveTo and waitAPI',
    async (_name, id, title) => {
      expect(t.config.MULTICHAT_FLOW_ID).toBe(3);
      expect(t.config.MULTICHAT_AUFDERFLUCHT_ID).toBe(4);
      const meta = await get(`/api/game_meta/${id}`, undefined);
      expect(meta.statusCode).toBe(200);
      expect(meta.json()).toMatchObject({ dialog_manager_id: id, game_title: title });
      expect(meta.json().meta_text).not.toBe('');

      const connected = (await get(`/api/get_connected_surveys/${id}`)).json().connected_surveys;
      expect(connected.map((c: { order: number }) => c.order)).toEqual([1, 2, 3]);
      const dialogs = new Map<string, Awaited<ReturnType<typeof dialogData>>>();
      for (const c of connected) {
        const dialog = await dialogData(t, token, c.survey_id);
        expect(dialog.active).toBe(true);
        expect(dialog.settings).toMatchObject({ welcome: '', ending: '', language: 'de' });
        expect(dialog.connected_surveys).toEqual(connected);
        const status = await get(`/api/find_dialogmanager_status/${c.survey_id}`);
        expect(status.json()).toEqual({ msg: 'success', connected_status: { dialog_manager_id: id } });
        dialogs.set(c.survey_id, dialog);
      }
      // The start dialog ends the game with an end block.
      expect(dialogs.get(connected[0].survey_id)!.all_questions.at(-1)?.type).toBe('end');

      const triggers: TriggerObject[] = (await get(`/api/get_dialogmanager_trigger/${id}`)).json()
        .trigger_objects;
      const types = triggers.map((tr) => parseTrigger(tr.trigger));
      expect(types.map((p) => p.ok && p.trigger.type).sort()).toEqual(
        ['moveTo', 'moveTo', 'waitAPI', 'waitFor', 'waitFor'].sort(),
      );
      const starts = triggers.filter((tr) => tr.init_survey);
      expect(starts).toHaveLength(1);
      expect(starts[0]!.survey_id).toBe(connected[0].survey_id);
      // Every trigger ties existing blocks of connected dialogs together.
      for (const [i, tr] of triggers.entries()) {
        const parsed = types[i]!;
        if (!parsed.ok) throw new Error(parsed.error);
        const ids = (sid: string) => dialogs.get(sid)!.all_questions.map((b) => b.unique_question_id);
        expect(ids(tr.survey_id)).toContain(tr.unique_question_id);
        expect(ids(parsed.trigger.survey_id)).toContain(parsed.trigger.question_id);
        const secret = await t.database.db
          .selectFrom('triggers')
          .select('secret_hash')
          .where('id', '=', tr.id)
          .executeTakeFirstOrThrow();
        expect(secret.secret_hash !== null).toBe(parsed.trigger.type === 'waitAPI');
      }
    },
  );

  it('leaves the id sequence past the seeded games, so the next manager gets a new id', async () => {
    const res = await call(t, token, '/api/create_dialogmanager', { name: 'Neu' });
    expect(res.statusCode).toBe(201);
    expect(res.json().dialog_manager_id).toBeGreaterThan(4);
  });
});

describe('DEMO_PASSWORD', () => {
  it('is the demo author’s password when set (automated runs sign in with it)', async () => {
    const seeded = await createTestApp({ DEMO_PASSWORD: 'e2e-Demo-Passwort-7' });
    try {
      const account = await seedDemo(seeded.ctx);
      expect(account).toEqual({ username: 'demo', password: 'e2e-Demo-Passwort-7' });
      expect((await loginAs(seeded, 'demo', 'e2e-Demo-Passwort-7')).token).toBeTruthy();
      const flow = await seeded.app.inject({ method: 'GET', url: '/api/game_meta/flow' });
      expect(flow.json()).toMatchObject({ dialog_manager_id: 3, game_title: GAME_META.flow.title });
      expect(flow.json().survey_ids).toHaveLength(3);
    } finally {
      await seeded.close();
    }
  });

  it('must be at least 8 characters', async () => {
    await expect(createTestApp({ DEMO_PASSWORD: 'kurz' })).rejects.toThrow(/DEMO_PASSWORD/);
  });
});
