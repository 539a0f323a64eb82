import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import type { Quota } from '../../contract/quotas.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { authorSession, call, type Session } from '../test/dialogs.ts';

/**
 * Quotas through the real app (SQLite, and PostgreSQL with TEST_DATABASE_URL): the author calls, a full
 * quota leading a respondent to its end, counting on finished live chats only, and 50 respondents
 * racing for the last places.
 */

let t: TestApp;
let owner: Session;

const DIALOG = [
  { id: 'gender', type: 'single_choice', context: 'Geschlecht?', options: ['Frau', 'Mann', 'divers'] },
  { id: 'age', type: 'single_choice', context: 'Alter?', options: ['18–29', '30–49', '50+'] },
  { id: 'fav', type: 'multiple_choice', context: 'Was mögen Sie?', options: ['Tee', 'Kaffee', 'Saft'] },
  { id: 'score', type: 'number', context: 'Wie zufrieden sind Sie (0–10)?', jump_to_question: 'END' },
  { id: 'full', type: 'end', context: 'Leider ist Ihre Gruppe schon voll. Danke!', is_end: 1 },
] as const;

async function dialog() {
  const d = await createChatDialog(t, DIALOG as never, { ownerId: owner.id });
  return { ...d, block: (id: string) => blockId(id, d.surveyId) };
}
type Dialog = Awaited<ReturnType<typeof dialog>>;

const womenYoung = (d: Dialog, limit: number, endBlock: string | null = d.block('full')) => ({
  name: 'Frauen 18–29',
  conditions: [
    { kind: 'block', block_id: d.block('gender'), values: ['Frau'] },
    { kind: 'block', block_id: d.block('age'), values: ['18–29'] },
  ],
  limit,
  end_block: endBlock,
});

async function addQuota(d: Dialog, quota: object): Promise<Quota> {
  const res = await call(t, owner.token, '/api/create_quota', { survey_id: d.surveyId, quota });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().quota;
}

const quotas = async (d: Dialog): Promise<Quota[]> =>
  (await call(t, owner.token, '/api/list_quotas', { survey_id: d.surveyId })).json().quotas;

/** A live respondent who starts and gives the answers in order; returns every turn's response. */
async function respondent(d: Dialog, answers: readonly (string | number | string[])[], token?: string) {
  const live = token ?? (await registerLive(t, d.surveyId)).token_live;
  const turns: ChatTurnResponse[] = [await chatOk(t, live, '/api/chat/start', { survey_id: d.surveyId })];
  for (const answer of answers) turns.push(await answerCurrent(d, live, turns.at(-1)!, answer));
  return { token: live, turns, last: turns.at(-1)! };
}

function answerCurrent(d: Dialog, token: string, turn: ChatTurnResponse, answer: string | number | string[]) {
  const input = turn.input as { unique_question_id: string; turn?: number };
  return chatOk(t, token, '/api/chat/answer', {
    survey_id: d.surveyId,
    unique_question_id: input.unique_question_id,
    turn: input.turn,
    answer,
  });
}

const texts = (turn: ChatTurnResponse) => turn.messages.map((m) => m.context).join(' | ');

beforeAll(async () => {
  t = await createTestApp();
  owner = await authorSession(t);
});
afterAll(async () => {
  await t?.close();
});

describe('author calls', () => {
  it('adds, lists, changes and removes a quota', async () => {
    const d = await dialog();
    const made = await addQuota(d, womenYoung(d, 150));
    expect(made).toMatchObject({ name: 'Frauen 18–29', limit: 150, count: 0, end_block: d.block('full') });
    expect(await quotas(d)).toEqual([made]);
    const changed = await call(t, owner.token, '/api/update_quota', {
      survey_id: d.surveyId,
      id: made.id,
      quota: { ...womenYoung(d, 120, null), name: 'Junge Frauen' },
    });
    expect(changed.json().quota).toMatchObject({
      id: made.id,
      name: 'Junge Frauen',
      limit: 120,
      end_block: null,
    });
    const gone = await call(t, owner.token, '/api/delete_quota', { survey_id: d.surveyId, id: made.id });
    expect(gone.json()).toEqual({ msg: 'success' });
    expect(await quotas(d)).toEqual([]);
    const again = await call(t, owner.token, '/api/delete_quota', { survey_id: d.surveyId, id: made.id });
    expect(again.statusCode).toBe(404);
  });

  it("refuses conditions that name no choice block, option or hidden field, and ends that are no 'end' block", async () => {
    const d = await dialog();
    const refused = async (quota: object, msg: string | RegExp) => {
      const res = await call(t, owner.token, '/api/create_quota', { survey_id: d.surveyId, quota });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(msg);
    };
    const base = womenYoung(d, 10);
    await refused(
      { ...base, conditions: [{ kind: 'block', block_id: d.block('score'), values: ['1'] }] },
      /quota\.conditions: Block .* ist kein Auswahl-Block/,
    );
    await refused(
      { ...base, conditions: [{ kind: 'block', block_id: d.block('gender'), values: ['Katze'] }] },
      /„Katze“ ist keine Option/,
    );
    await refused(
      { ...base, conditions: [{ kind: 'hidden', field: 'pid', values: ['1'] }] },
      /„pid“ ist kein verstecktes Feld/,
    );
    await refused({ ...base, end_block: d.block('age') }, /quota\.end_block: .* ist kein Ende-Block/);
    await refused({ ...base, limit: -1 }, /limit/);
    await refused({ ...base, conditions: [] }, /conditions/);
    await refused({ ...base, name: '  ' }, /name/);
  });
});

describe('in the chat', () => {
  it('counts finished live chats; a respondent in a full quota ends at its end block as soon as their answers say so', async () => {
    const d = await dialog();
    await addQuota(d, womenYoung(d, 1));
    const first = await respondent(d, ['Frau', '18–29', ['Tee'], 7]);
    expect(first.last.finished).toBe(true);
    expect(texts(first.last)).not.toContain('schon voll');
    expect((await quotas(d))[0]!.count).toBe(1);

    const second = await respondent(d, ['Frau', '18–29']);
    expect(second.last.finished).toBe(true);
    expect(second.last.input).toBeNull();
    expect(texts(second.last)).toContain('Leider ist Ihre Gruppe schon voll. Danke!');
    expect(texts(second.last)).not.toContain('Was mögen Sie?');

    // Outside the quota the chat goes on; the full quota's count stays.
    const other = await respondent(d, ['Mann', '18–29']);
    expect(other.last.finished).toBe(false);
    expect(texts(other.last)).toContain('Was mögen Sie?');
    expect((await quotas(d))[0]!.count).toBe(1);
  });

  it("leads to the dialog's ending when the quota names no end block, and a multiple choice meets a condition by any option", async () => {
    const d = await dialog();
    await addQuota(d, {
      name: 'Kaffee',
      conditions: [{ kind: 'block', block_id: d.block('fav'), values: ['Kaffee'] }],
      limit: 0,
      end_block: null,
    });
    const r = await respondent(d, ['Mann', '50+', ['Tee', 'Kaffee']]);
    expect(r.last.finished).toBe(true);
    expect(texts(r.last)).toContain('Ende.');
    expect(texts(r.last)).not.toContain('schon voll');
    expect(texts(r.last)).not.toContain('zufrieden');
  });

  it('a quota on a hidden field leads out at the start', async () => {
    const d = await dialog();
    const set = await call(t, owner.token, '/api/set_hidden_fields', {
      survey_id: d.surveyId,
      fields: [{ name: 'src', required: false }],
    });
    expect(set.statusCode).toBe(200);
    await addQuota(d, {
      name: 'Panel A',
      conditions: [{ kind: 'hidden', field: 'src', values: ['panelA'] }],
      limit: 0,
      end_block: d.block('full'),
    });
    const start = async (hidden: Record<string, string>) => {
      const { token_live: token } = await registerLive(t, d.surveyId);
      return chatOk(t, token, '/api/chat/start', { survey_id: d.surveyId, hidden });
    };
    const out = await start({ src: 'panelA' });
    expect(out.finished).toBe(true);
    expect(texts(out)).toMatch(/Willkommen!.*Leider ist Ihre Gruppe schon voll/);
    const inside = await start({ src: 'panelB' });
    expect(inside.finished).toBe(false);
    expect(texts(inside)).toContain('Geschlecht?');
  });

  it("an author's test chat is led out of a full quota but never counted", async () => {
    const d = await dialog();
    const q = await addQuota(d, womenYoung(d, 1));
    const play = async () => {
      let turn = await chatOk(t, owner.token, '/api/chat/start', { survey_id: d.surveyId });
      for (const a of ['Frau', '18–29', ['Saft'], 3] as const) {
        if (turn.finished) break;
        turn = await answerCurrent(d, owner.token, turn, a as string | number | string[]);
      }
      return turn;
    };
    expect(texts(await play())).not.toContain('schon voll');
    expect((await quotas(d))[0]!.count).toBe(0);
    await respondent(d, ['Frau', '18–29', ['Tee'], 1]);
    await call(t, owner.token, '/api/restart_delete', {
      survey_id: d.surveyId,
      action: 'restart',
      live: false,
    });
    expect(texts(await play())).toContain('schon voll');
    expect((await quotas(d)).find((x) => x.id === q.id)!.count).toBe(1);
  });

  it('deleting a counted respondent in Analyse frees their place', async () => {
    const d = await dialog();
    await addQuota(d, womenYoung(d, 1));
    await respondent(d, ['Frau', '18–29', ['Tee'], 9]);
    const list = await call(t, owner.token, '/api/analytics/respondents', { survey_id: d.surveyId });
    const sessionId = list.json().rows[0].session_id as number;
    const del = await call(t, owner.token, '/api/analytics/delete_respondent', {
      survey_id: d.surveyId,
      session_id: sessionId,
    });
    expect(del.statusCode).toBe(200);
    expect((await quotas(d))[0]!.count).toBe(0);
    const next = await respondent(d, ['Frau', '18–29', ['Tee'], 9]);
    expect(texts(next.last)).not.toContain('schon voll');
    expect((await quotas(d))[0]!.count).toBe(1);
  });

  it('50 respondents racing for the last 5 places: exactly 5 are counted, the others end at the quota end', async () => {
    const d = await dialog();
    await addQuota(d, womenYoung(d, 5));
    // Everyone is at the last question before anyone finishes, so the finishing turns race.
    const waiting = await Promise.all(
      Array.from({ length: 50 }, () => respondent(d, ['Frau', '18–29', ['Tee']])),
    );
    const finals = await Promise.all(waiting.map((r) => answerCurrent(d, r.token, r.last, 5)));
    expect(finals.every((f) => f.finished)).toBe(true);
    const ledOut = finals.filter((f) => texts(f).includes('schon voll'));
    expect(ledOut).toHaveLength(45);
    expect((await quotas(d))[0]!.count).toBe(5);
    const through = finals.filter((f) => !texts(f).includes('schon voll'));
    expect(through.every((f) => texts(f).endsWith('Ende.'))).toBe(true);
  });
});
