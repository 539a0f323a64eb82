import { beforeAll, describe, expect, it } from 'vitest';
import type { MultichatTurnResponse } from '../../contract/multichat.ts';
import { resetTriggerSecret } from '../managers/triggers.ts';
import { seedGames } from '../seed/games.ts';
import { call } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

/** The seeded demo games (/flow under id 3, /aufderflucht under id 4) played to their end through the API. */

const t = appForFile();
const owner = authorForFile(t);
beforeAll(async () => {
  await seedGames(t.ctx, owner.id);
});

async function ok(token: string, path: string, payload: object): Promise<MultichatTurnResponse> {
  const res = await call(t, token, path, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * Answers every question with its first option and releases the waitAPI step (unattended: lets its
 * timeout pass instead); returns all bot texts.
 */
async function playToEnd(managerId: number, unattended = false) {
  const db = t.database.db;
  const surveys = await db
    .selectFrom('manager_surveys')
    .innerJoin('surveys', 'surveys.id', 'manager_surveys.survey_id')
    .select('surveys.survey_id')
    .where('dialog_manager_id', '=', managerId)
    // The game's order of dialogs: the destructuring of the tests below names them by it.
    .orderBy('manager_surveys.ord')
    .execute();
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/register_live_list',
    payload: { survey_id_list: surveys.map((s) => s.survey_id) },
  });
  const { token_live: token, username_live } = reg.json();
  const waitApi = await db
    .selectFrom('triggers')
    .select('id')
    .where('dialog_manager_id', '=', managerId)
    .where('trigger', 'like', 'waitAPI;%')
    .executeTakeFirstOrThrow();
  const { api_secret } = await resetTriggerSecret(t.ctx, owner.id, waitApi.id);

  const texts: string[] = [];
  const speakers: string[] = [];
  const note = (r: MultichatTurnResponse) => {
    for (const m of r.messages.filter((x) => x.user_or_bot === 'bot')) {
      texts.push(m.context);
      if (speakers.at(-1) !== m.survey_id) speakers.push(m.survey_id);
    }
  };
  let r = await ok(token, '/api/multichat/start', { dialog_manager_id: managerId });
  note(r);
  let releases = 0;
  for (let step = 0; step < 40 && !r.finished; step++) {
    if (r.waiting && unattended) {
      t.clock.now += 15_000;
      r = await ok(token, '/api/multichat/wait', { dialog_manager_id: managerId, after_id: r.after_id });
    } else if (r.waiting) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/trigger_api/${waitApi.id}`,
        headers: { 'x-trigger-secret': api_secret },
        payload: { username_live },
      });
      expect(res.statusCode, res.body).toBe(200);
      releases += 1;
      r = await ok(token, '/api/multichat/wait', { dialog_manager_id: managerId, after_id: r.after_id });
    } else {
      const input = r.input!;
      r = await ok(token, '/api/multichat/answer', {
        dialog_manager_id: managerId,
        survey_id: input.survey_id,
        unique_question_id: input.unique_question_id,
        nachfrage_id: input.nachfrage_id,
        turn: input.turn,
        answer: input.options[0],
      });
    }
    note(r);
  }
  expect(r.finished).toBe(true);
  expect(releases).toBe(unattended ? 0 : 1);
  return { texts: texts.join('\n'), speakers, surveys: surveys.map((s) => s.survey_id) };
}

describe('the seeded demo games', () => {
  it('/flow (manager 3): Berg, Mia, Berg (lab result by waitAPI), Kai, Berg; the case is solved', async () => {
    const { texts, speakers, surveys } = await playToEnd(3);
    const [berg, mia, kai] = surveys;
    expect(speakers).toEqual([berg, mia, berg, kai, berg]);
    expect(texts).toContain('Das Labor hat geantwortet');
    expect(texts).toContain('Fall gelöst!');
  });

  it('/aufderflucht (manager 4) ends with the stranger revealed', async () => {
    const { texts, speakers, surveys } = await playToEnd(4);
    const [stranger, jana, weiss] = surveys;
    expect(speakers).toEqual([stranger, jana, stranger, weiss, stranger]);
    expect(texts).toContain('Du bist frei.');
  });

  it.each([3, 4])(
    'manager %i plays to its end alone: the wait for the lab or the lawyer times out',
    async (id) => {
      const { texts } = await playToEnd(id, true);
      expect(texts).toContain(id === 3 ? 'Das Labor hat geantwortet' : 'Dr. Weiss hat die Aufnahmen geprüft');
      expect(texts).toContain(id === 3 ? 'Fall gelöst!' : 'Du bist frei.');
    },
  );

  it("in a game the dialogs' end redirects and quotas do not apply: the game plays on to its end", async () => {
    const db = t.database.db;
    const dialogs = await db
      .selectFrom('manager_surveys')
      .innerJoin('surveys', 'surveys.id', 'manager_surveys.survey_id')
      .select(['surveys.id', 'surveys.survey_id'])
      .where('dialog_manager_id', '=', 3)
      .execute();
    const quotas: { survey_id: string; id: number }[] = [];
    for (const d of dialogs) {
      const settings = await call(t, owner.token, '/api/update_survey_settings', {
        survey_id: d.survey_id,
        action: 'config',
        changed_values: { end_redirect_url: 'https://panel.example/complete?id={{pid}}' },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const choice = await db
        .selectFrom('blocks')
        .select(['unique_question_id', 'data'])
        .where('survey_id', '=', d.id)
        .where('type', '=', 'single_choice')
        .orderBy('ord')
        .executeTakeFirst();
      if (!choice) continue;
      // A full quota (0 places) on every answer of the dialog's first choice: a respondent of the
      // dialog's own link would be led out at once.
      const options = (JSON.parse(choice.data) as { options: string[] }).options;
      const created = await call(t, owner.token, '/api/create_quota', {
        survey_id: d.survey_id,
        quota: {
          name: 'voll',
          conditions: [{ kind: 'block', block_id: choice.unique_question_id, values: options }],
          limit: 0,
          end_block: null,
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      quotas.push({ survey_id: d.survey_id, id: created.json().quota.id });
    }
    expect(quotas.length).toBeGreaterThan(0);
    const { texts } = await playToEnd(3);
    expect(texts).toContain('Fall gelöst!');
    for (const q of quotas) {
      const list = (await call(t, owner.token, '/api/list_quotas', { survey_id: q.survey_id })).json();
      expect(list.quotas.find((x: { id: number }) => x.id === q.id).count).toBe(0);
    }
  });
});
