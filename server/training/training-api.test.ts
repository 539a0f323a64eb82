import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import { type ExamplesResponse, routeAt, type StatusResponse } from '../../contract/training.ts';
import { bearer } from '../test/app.ts';
import { blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { call, goLive } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';
import { PRICE_SERVICE_DIALOG, PRICE_SERVICE_EXAMPLES } from '../test/training-examples.ts';
import { defaultThresholds } from './classifier.ts';

/** The training calls, trainingdata_jumps and the GPT exit conditions through the real app (issue 6). */

let sid: string;
let q: string;
const t = appForFile();
const me = authorForFile(t);
beforeAll(async () => {
  const [question, ...branches] = PRICE_SERVICE_DIALOG;
  const dialog = await createChatDialog(
    t,
    [
      { ...question!, jump_to_reactions: ['Verstehe.', ''] },
      ...branches,
      { id: 'g', type: 'gpt', context: 'Frage nach.' },
    ],
    { ownerId: me.id, active: false },
  );
  sid = dialog.surveyId;
  q = blockId('q', sid);
});

const post = (path: string, body: object) =>
  call(t, me.token, `/api/training/${path}`, { survey_id: sid, ...body });

async function ok<T>(path: string, body: object): Promise<T> {
  const res = await post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const examples = () => ok<ExamplesResponse>('get_examples', { unique_question_id: q });

/** A refused call answers the status with a German { title, msg } and changes no example. */
async function refused(path: string, body: object, status: number, msg?: string) {
  const before = await examples();
  const res = await post(path, body);
  expect(res.statusCode, res.body).toBe(status);
  expect(Object.keys(res.json()).sort()).toEqual(['msg', 'title']);
  if (msg) expect(res.json().msg).toContain(msg);
  expect(await examples()).toEqual(before);
}

describe('trainingdata_jumps', () => {
  const jumps = (question: string, token: string | null = me.token) =>
    t.app.inject({
      method: 'GET',
      url: `/api/surveys/${sid}/trainingdata_jumps/${question}`,
      headers: token ? bearer(token) : {},
    });

  it("lists one jump per branch and the 'keiner davon' branch", async () => {
    const res = await jumps(q);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { branch: 'Preis', label: 'Preis', target: blockId('p', sid), reaction: 'Verstehe.' },
      { branch: 'Service', label: 'Service', target: blockId('s', sid), reaction: '' },
      { branch: 'none', label: 'keiner davon', target: blockId('n', sid), reaction: '' },
    ]);
  });

  it('answers 404 for an unknown block, 400 for a malformed id, 401 without a token', async () => {
    expect((await jumps('nope')).statusCode).toBe(404);
    expect((await jumps('a%20b')).statusCode).toBe(400);
    expect((await jumps(q, null)).statusCode).toBe(401);
  });
});

describe('examples', () => {
  it('adds, lists with counts and hints, warns of duplicates, moves and deletes', async () => {
    const empty = await examples();
    expect(empty.branches.map((b) => [b.branch, b.count])).toEqual([
      ['Preis', 0],
      ['Service', 0],
    ]);
    expect(empty.none).toMatchObject({ branch: 'none', label: 'keiner davon', count: 0 });
    expect(empty.branches[0]!.hint).toContain('Mindestens 3');

    const a = await ok<{ id: number }>('add_example', {
      unique_question_id: q,
      branch: 'Preis',
      text: ' Zu teuer! ',
    });
    const b = await ok<{ id: number }>('add_example', {
      unique_question_id: q,
      branch: 'Service',
      text: 'zu TEUER',
    });
    const c = await ok<{ id: number }>('add_example', {
      unique_question_id: q,
      branch: 'keiner davon',
      text: 'weiß nicht',
    });
    let list = await examples();
    expect(list.branches[0]!.examples).toEqual([{ id: a.id, text: 'Zu teuer!' }]);
    expect(list.none.examples).toEqual([{ id: c.id, text: 'weiß nicht' }]);
    expect(list.duplicates).toEqual([{ text: 'Zu teuer!', branches: ['Preis', 'Service'] }]);
    // Texts of other scripts and of emoji alone are told apart, not taken for one empty text.
    const others: number[] = [];
    for (const [branch, text] of [
      ['Preis', 'Цена слишком высокая'],
      ['Service', 'Доставка опоздала'],
      ['Preis', '👍'],
      ['Service', '👎'],
      // Not the same: 'nicht' is more than an article.
      ['Preis', 'Das Paket kam nicht an'],
      ['Service', 'Das Paket kam an'],
    ] as const) {
      others.push((await ok<{ id: number }>('add_example', { unique_question_id: q, branch, text })).id);
    }
    expect((await examples()).duplicates).toEqual([{ text: 'Zu teuer!', branches: ['Preis', 'Service'] }]);
    // Nearly the same: one has an article the other has not.
    for (const [branch, text] of [
      ['Preis', 'Die Versandkosten sind zu hoch'],
      ['Service', 'Versandkosten sind zu hoch!'],
    ] as const) {
      others.push((await ok<{ id: number }>('add_example', { unique_question_id: q, branch, text })).id);
    }
    expect((await examples()).duplicates).toEqual([
      { text: 'Zu teuer!', branches: ['Preis', 'Service'] },
      { text: 'Die Versandkosten sind zu hoch', branches: ['Preis', 'Service'] },
    ]);
    for (const id of others) await ok('delete_example', { id });

    await ok('update_example', { id: b.id, branch: 'Preis', text: 'Viel zu teuer' });
    list = await examples();
    expect(list.branches[0]!.examples.map((e) => e.text)).toEqual(['Zu teuer!', 'Viel zu teuer']);
    expect(list.branches[1]!.count).toBe(0);
    expect(list.duplicates).toEqual([]);

    for (const id of [a.id, b.id, c.id]) await ok('delete_example', { id });
    expect(await examples()).toEqual(empty);
  });

  it('refuses bad input with German messages and changes nothing', async () => {
    const { id } = await ok<{ id: number }>('add_example', {
      unique_question_id: q,
      branch: 'Preis',
      text: 'teuer',
    });
    await refused(
      'add_example',
      { unique_question_id: q, branch: 'Lieferung', text: 'x' },
      400,
      'kein Zweig',
    );
    await refused(
      'add_example',
      { unique_question_id: q, branch: 'Preis', text: '   ' },
      400,
      'darf nicht leer sein',
    );
    await refused(
      'add_example',
      { unique_question_id: q, branch: 'Preis', text: 'x'.repeat(1001) },
      400,
      'höchstens',
    );
    await refused('add_example', { unique_question_id: q, branch: 'Preis' }, 400);
    await refused(
      'add_example',
      { unique_question_id: blockId('p', sid), branch: 'Preis', text: 'x' },
      400,
      'Freitext',
    );
    await refused('add_example', { unique_question_id: 'nope', branch: 'Preis', text: 'x' }, 404);
    await refused('update_example', { id }, 400, 'text oder branch');
    await refused('update_example', { id, branch: 'Lieferung' }, 400, 'kein Zweig');
    await refused('update_example', { id, text: '' }, 400);
    await refused('update_example', { id: 2_000_000_000, text: 'x' }, 404, 'Beispiel nicht gefunden');
    await refused('update_example', { id: 'eins', text: 'x' }, 400);
    await refused('delete_example', { id: 2_000_000_000 }, 404);
    await refused('delete_example', { id: -1 }, 400);
    await refused('get_examples', { unique_question_id: '' }, 400);
    await ok('delete_example', { id });
  });

  it('keeps the examples of one dialog out of reach of another', async () => {
    const other = await createChatDialog(t, [{ id: 'x', type: 'open_text', options: ['A'] }], {
      ownerId: me.id,
    });
    const { id } = await ok<{ id: number }>('add_example', {
      unique_question_id: q,
      branch: 'Preis',
      text: 'teuer',
    });
    const res = await call(t, me.token, '/api/training/delete_example', { survey_id: other.surveyId, id });
    expect(res.statusCode).toBe(404);
    await ok('delete_example', { id });
  });
});

async function waitForTraining(): Promise<StatusResponse> {
  for (let i = 0; i < 300; i++) {
    const status = await ok<StatusResponse>('status', { unique_question_id: q });
    if (status.status !== 'training') return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('training did not finish');
}

describe('training, threshold and routing in the chat', () => {
  it('trains in the background, reports metrics, and the live chat routes by the model', async () => {
    expect((await ok<StatusResponse>('status', { unique_question_id: q })).status).toBe('needs_training');
    await refused('train', { unique_question_id: q }, 400, 'mindestens zwei');
    for (const [branch, texts] of Object.entries(PRICE_SERVICE_EXAMPLES)) {
      for (const text of texts) await ok('add_example', { unique_question_id: q, branch, text });
    }

    const started = await ok<{ version: number }>('train', { unique_question_id: q });
    expect(started.version).toBe(1);
    // One training per block at a time; the status says it runs.
    const again = await post('train', { unique_question_id: q });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().msg).toBe('Das Training läuft bereits.');
    expect((await ok<StatusResponse>('status', { unique_question_id: q })).status).toBe('training');
    let status = await waitForTraining();
    expect(status).toMatchObject({ status: 'done', progress: 1 });
    expect(status.version).toBe(1);
    const metrics = status.metrics!;
    expect(metrics.accuracy).toBeGreaterThan(0.5);
    expect(metrics.per_branch.map((b) => b.branch)).toEqual(['Preis', 'Service', 'none']);
    expect(metrics.confusion.labels).toEqual(['Preis', 'Service', 'none']);
    expect(metrics.confusion.matrix.flat().reduce((x, y) => x + y, 0)).toBe(18);
    expect(Array.isArray(metrics.misrouted)).toBe(true);
    // Each example's cross-validated route: at the model's threshold, the confusion matrix's diagonal.
    expect(metrics.routes).toHaveLength(18);
    const right = metrics.routes!.filter((r) => routeAt(r, status.threshold) === r.expected).length;
    expect(right).toBe(metrics.confusion.matrix.reduce((sum, row, i) => sum + row[i]!, 0));
    // No stored threshold yet: the model's default for its three labels (Preis, Service, none).
    expect(status.threshold).toBeCloseTo(defaultThresholds(3).threshold);

    await refused('set_threshold', { unique_question_id: q, threshold: 1.5 }, 400, 'höchstens 1');
    await refused('set_threshold', { unique_question_id: q, threshold: 'hoch' }, 400);
    await ok('set_threshold', { unique_question_id: q, threshold: 0.45 });
    status = await ok<StatusResponse>('status', { unique_question_id: q });
    expect(status).toMatchObject({ status: 'done', threshold: 0.45 });

    // Live: the author switches the dialog live, a participant answers with a typo.
    await goLive(t, me.token, sid);
    const routed = await chatWith('Es ist viel zu teuerr');
    expect(routed.messages.map((m) => m.context)).toContain('Zum Preis.');
    const unsure = await chatWith('hmm vielleicht');
    expect(unsure.messages.map((m) => m.context)).toContain('Sonstiges.');

    const answers = await t.database.db
      .selectFrom('answers')
      .select(['id', 'value', 'branch', 'confidence'])
      .where('unique_question_id', '=', q)
      .orderBy('id')
      .execute();
    expect(answers.map((a) => [a.value, a.branch])).toEqual([
      ['Es ist viel zu teuerr', 'Preis'],
      ['hmm vielleicht', null],
    ]);
    expect(Number(answers[0]!.confidence)).toBeGreaterThan(0.6);
    expect(Number(answers[1]!.confidence)).toBeLessThan(0.6);

    // Only the unsure answer is in the inbox, not flagged; it suggests the model's top guess, here
    // 'keiner davon'.
    const inbox = await ok<{
      items: { id: number; text: string; flagged: boolean; branch: string | null }[];
    }>('get_inbox', { unique_question_id: q });
    expect(inbox.items).toMatchObject([{ text: 'hmm vielleicht', flagged: false, branch: 'none' }]);
    const item = inbox.items[0]!;
    const stored = await t.database.db
      .selectFrom('training_inbox')
      .select('answer_id')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(stored.answer_id).toBe(answers[1]!.id);

    await refused('assign_inbox', { id: item.id, branch: 'Lieferung' }, 400, 'kein Zweig');
    await ok('assign_inbox', { id: item.id, branch: 'keiner davon' });
    expect((await examples()).none.examples.map((e) => e.text)).toContain('hmm vielleicht');
    expect((await ok<{ items: unknown[] }>('get_inbox', {})).items).toEqual([]);
    await refused('assign_inbox', { id: item.id, branch: 'Preis' }, 404);
    await refused('dismiss_inbox', { id: item.id }, 404);

    // A new example means the model is behind.
    expect((await ok<StatusResponse>('status', { unique_question_id: q })).status).toBe('needs_training');
  });

  it('dismisses flagged and unsure answers', async () => {
    const row = await t.database.db
      .insertInto('training_inbox')
      .values({
        survey_id: (await surveyInt()).id,
        unique_question_id: q,
        answer_id: null,
        text: 'falsch geroutet',
        branch: 'Service',
        confidence: 0.9,
        flagged: 1,
        resolved_at: null,
        created_at: t.clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inbox = await ok<{ items: { id: number; flagged: boolean }[] }>('get_inbox', {});
    expect(inbox.items).toMatchObject([{ id: row.id, flagged: true }]);
    await ok('dismiss_inbox', { id: row.id });
    expect((await ok<{ items: unknown[] }>('get_inbox', {})).items).toEqual([]);
  });
});

function surveyInt() {
  return t.database.db
    .selectFrom('surveys')
    .select('id')
    .where('survey_id', '=', sid)
    .executeTakeFirstOrThrow();
}

async function chatWith(text: string): Promise<ChatTurnResponse> {
  const { token_live: token } = await registerLive(t, sid);
  const start = await chatOk(t, token, '/api/chat/start', { survey_id: sid });
  expect(start.input).toMatchObject({ unique_question_id: q });
  return chatOk(t, token, '/api/chat/answer', {
    survey_id: sid,
    unique_question_id: q,
    turn: start.input!.turn,
    answer: text,
  });
}

describe('gpt_exit_conditions', () => {
  const g = () => blockId('g', sid);
  const url = (id?: number | string) =>
    `/api/surveys/${sid}/gpt_exit_conditions${id === undefined ? '' : `/${id}`}`;
  const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({ method, url: path, payload, headers: bearer(me.token) });
  const configured = async () =>
    (await call(t, me.token, '/api/get_survey_data_configurator', { survey_id: sid })).json()
      .gpt_exit_conditions;

  it('creates, changes and deletes a condition, as the configurator shows', async () => {
    const created = await send('POST', url(), {
      unique_question_id: g(),
      condition: ' Die Person nennt einen Grund. ',
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    expect(body).toEqual({
      id: expect.any(Number),
      survey_id: sid,
      unique_question_id: g(),
      condition: 'Die Person nennt einen Grund.',
    });
    expect(await configured()).toMatchObject([{ id: body.id, condition: 'Die Person nennt einen Grund.' }]);

    const changed = await send('PUT', url(body.id), { condition: 'Zwei Gründe' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ ...body, condition: 'Zwei Gründe' });
    expect(await configured()).toMatchObject([{ id: body.id, condition: 'Zwei Gründe' }]);

    expect((await send('DELETE', url(body.id))).json()).toEqual({ msg: 'success' });
    expect(await configured()).toEqual([]);
    expect((await send('DELETE', url(body.id))).statusCode).toBe(404);
  });

  it('refuses bad input', async () => {
    const status = async (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
      (await send(method, path, payload)).statusCode;
    expect(await status('POST', url(), { unique_question_id: q, condition: 'x' })).toBe(400);
    expect(await status('POST', url(), { unique_question_id: 'nope', condition: 'x' })).toBe(404);
    expect(await status('POST', url(), { unique_question_id: g(), condition: '' })).toBe(400);
    expect(await status('POST', url(), { unique_question_id: g(), condition: 'x'.repeat(5001) })).toBe(400);
    expect(await status('POST', url(), { unique_question_id: g() })).toBe(400);
    expect(await status('PUT', url(2_000_000_000), { condition: 'x' })).toBe(404);
    expect(await status('PUT', url('abc'), { condition: 'x' })).toBe(400);
    expect(await status('PUT', url(1), {})).toBe(400);
    expect(await status('DELETE', url('1e999'))).toBe(400);
    expect(await configured()).toEqual([]);
  });
});
