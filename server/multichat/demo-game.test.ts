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
});
