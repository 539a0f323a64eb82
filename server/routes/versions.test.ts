import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { SurveySummaryResponse } from '../../contract/analytics.ts';
import type { ChatTurnResponse } from '../../contract/chat.ts';
import type {
  DiffVersionsResponse,
  ListVersionsResponse,
  RestoreVersionResponse,
  VersionStateResponse,
} from '../../contract/versions.ts';
import { createAuthor, loginAs } from '../test/app.ts';
import { type BlockSpec, blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { blocksCall, call, setField } from '../test/dialogs.ts';
import { appForFile } from '../test/per-file.ts';

// The webhook worker stays off: the test reads the outbox, nothing is sent.
const t = appForFile({ WEBHOOK_WORKER: '0', WEBHOOK_ALLOW_PRIVATE: '1' });

/**
 * Q1 asks a colour: 'Rot' jumps to Q3, 'Blau' goes on with Q2. The tests change it under running chats.
 */
const SPECS: BlockSpec[] = [
  {
    id: 'q1',
    type: 'single_choice',
    context: 'Farbe?',
    options: ['Rot', 'Blau'],
    jump_to_ids: ['q3', null],
  },
  { id: 'q2', type: 'single_choice', context: 'Blau, sicher?', options: ['Ja', 'Nein'] },
  { id: 'q3', type: 'open_text', context: 'Warum?' },
];

async function authorsDialog(specs = SPECS) {
  const author = await createAuthor(t, { firstName: 'Vera', lastName: 'Version' });
  const { token } = await loginAs(t, author.username, author.password);
  const dialog = await createChatDialog(t, specs, { ownerId: author.id });
  const id = (spec: string) => blockId(spec, dialog.surveyId);
  const ok = async <T>(url: string, body: object = {}): Promise<T> => {
    const res = await call(t, token, url, { survey_id: dialog.surveyId, ...body });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json() as T;
  };
  return { token, dialog, id, ok };
}

async function respondent(surveyId: string) {
  const { token_live: token } = await registerLive(t, surveyId);
  let turn = await chatOk(t, token, '/api/chat/start', { survey_id: surveyId });
  return {
    get turn() {
      return turn;
    },
    async answer(value: unknown): Promise<ChatTurnResponse> {
      const input = turn.input!;
      turn = await chatOk(t, token, '/api/chat/answer', {
        survey_id: surveyId,
        unique_question_id: input.unique_question_id,
        nachfrage_id: input.nachfrage_id,
        turn: input.turn,
        answer: value,
      });
      return turn;
    },
    /** A reload: the stored history and the current input. */
    history: () => chatOk(t, token, '/api/chat/history', { survey_id: surveyId }),
  };
}

const texts = (turn: ChatTurnResponse) => turn.messages.map((m) => m.context);
const versionCount = (surveyInt: number) =>
  t.database.db
    .selectFrom('dialog_versions')
    .select('id')
    .where('survey_id', '=', surveyInt)
    .execute()
    .then((rows) => rows.length);

describe("'Direkt': every chat keeps the version it started on", () => {
  it('a running respondent finishes on the old blocks and jumps; a new one gets the new version', async () => {
    const { token, dialog, id, ok } = await authorsDialog();
    const s = dialog.surveyId;
    const early = await respondent(s);
    expect(early.turn.input).toMatchObject({ unique_question_id: id('q1') });

    // The author deletes Q2, renames Rot and moves Q3 to the top.
    expect(
      (await blocksCall(t, token, s, { action: 'delete', unique_question_id: id('q2') })).statusCode,
    ).toBe(200);
    expect((await setField(t, token, s, id('q1'), 'options', ['Rosso', 'Blau'])).statusCode).toBe(200);
    expect(
      (await blocksCall(t, token, s, { action: 'order', unique_question_id: id('q3'), order: 1 })).statusCode,
    ).toBe(200);

    // The early respondent still has 'Rot' with its jump to Q3, and after a reload too.
    expect((await early.history()).input).toMatchObject({ unique_question_id: id('q1') });
    const afterRot = await early.answer('Rot');
    expect(afterRot.input).toMatchObject({ unique_question_id: id('q3') });
    expect(texts(afterRot)).toEqual(['Rot', 'Warum?']);
    expect((await early.answer('Weil.')).finished).toBe(true);

    // A second early-version path: Blau goes on with Q2, which the working copy no longer has.
    const late = await respondent(s);
    expect(late.turn.input).toMatchObject({ unique_question_id: id('q3') });
    expect((await late.answer('Darum.')).input).toMatchObject({ unique_question_id: id('q1') });
    const options = (await late.history()).input as { options?: string[] };
    expect(options.options).toEqual(['Rosso', 'Blau']);

    const history = await ok<ListVersionsResponse>('/api/list_versions');
    expect(history.mode).toBe('direct');
    expect(history.versions.map((v) => [v.number, v.chats, v.test_chats, v.live, v.published])).toEqual([
      [2, 1, 0, true, false],
      [1, 1, 0, false, false],
    ]);
    expect(history.live_version).toBe(2);
    expect(history.draft_differs).toBe(false);
    expect(history.running_chats).toBe(1);
    expect(history.versions[0]!.author).toBe(null);

    const diff = await ok<DiffVersionsResponse>('/api/diff_versions', { from: 1, to: 2 });
    expect(diff.same).toBe(false);
    expect(diff.blocks.added).toEqual([]);
    expect(diff.blocks.removed).toEqual([
      { unique_question_id: id('q2'), type: 'single_choice', label: 'Blau, sicher?', position: 2 },
    ]);
    // [q1, q3] became [q3, q1]: one of them kept its order, the other moved.
    expect(diff.blocks.moved).toHaveLength(1);
    const moved = diff.blocks.moved[0]!;
    expect(
      moved.unique_question_id === id('q1')
        ? [moved.from_position, moved.to_position]
        : [moved.from_position, moved.to_position].reverse(),
    ).toEqual([1, 2]);
    expect(diff.blocks.changed).toEqual([
      {
        unique_question_id: id('q1'),
        type: 'single_choice',
        label: 'Farbe?',
        position: 2,
        fields: [{ field: 'options', before: ['Rot', 'Blau'], after: ['Rosso', 'Blau'] }],
      },
    ]);
    expect(diff.settings).toEqual([]);
    expect((await ok<DiffVersionsResponse>('/api/diff_versions', { from: 2, to: 'draft' })).same).toBe(true);
  });

  it('texts and settings changed mid-chat reach only later chats; a dialog edited many times between chats keeps few versions', async () => {
    const { token, dialog, id, ok } = await authorsDialog();
    const s = dialog.surveyId;
    const first = await respondent(s);
    for (let i = 1; i <= 25; i++)
      expect((await setField(t, token, s, id('q3'), 'context', `Warum ${i}?`)).statusCode).toBe(200);
    const settings = await call(t, token, '/api/update_survey_settings', {
      survey_id: s,
      action: 'fixmessages',
      changed_values: { welcome: 'Neu willkommen!' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(texts(await first.answer('Rot'))).toEqual(['Rot', 'Warum?']);
    const second = await respondent(s);
    expect(texts(second.turn)[0]).toBe('Neu willkommen!');
    expect(texts(await second.answer('Rot'))).toEqual(['Rot', 'Warum 25?']);
    // Two contents chats ran on: two versions, not one per edit.
    expect(await versionCount(dialog.id)).toBe(2);
    // Back to the first content: its version again, no third.
    for (const [key, value] of [['context', 'Warum?']] as const)
      await setField(t, token, s, id('q3'), key, value);
    await call(t, token, '/api/update_survey_settings', {
      survey_id: s,
      action: 'fixmessages',
      changed_values: { welcome: 'Willkommen!' },
    });
    const third = await respondent(s);
    expect(texts(third.turn)[0]).toBe('Willkommen!');
    expect(await versionCount(dialog.id)).toBe(2);
    const diff = await ok<DiffVersionsResponse>('/api/diff_versions', { from: 1, to: 2 });
    expect(diff.settings).toEqual([{ field: 'welcome', before: 'Willkommen!', after: 'Neu willkommen!' }]);
    expect(diff.blocks.changed.map((c) => c.fields)).toEqual([
      [{ field: 'context', before: 'Warum?', after: 'Warum 25?' }],
    ]);
  });
});

describe("'Mit Veröffentlichen'", () => {
  it('nothing reaches respondents until publish; Testen tries the draft or the published version; restore and its undo', async () => {
    const { token, dialog, id, ok } = await authorsDialog();
    const s = dialog.surveyId;
    const state = await ok<VersionStateResponse>('/api/set_version_mode', { mode: 'publish' });
    expect(state).toEqual({
      mode: 'publish',
      live_version: 1,
      draft_differs: false,
      latest_version: 1,
      active: true,
      running_chats: 0,
    });
    expect((await setField(t, token, s, id('q1'), 'context', 'Welche Farbe?')).statusCode).toBe(200);
    const look = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/get_config?survey_id=${s}` })).json().config
        .accent_color;
    const accent = await look();
    const recolour = await call(t, token, '/api/update_survey_settings', {
      survey_id: s,
      action: 'config',
      changed_values: { accent_color: '#123456' },
    });
    expect(recolour.statusCode, recolour.body).toBe(200);
    // The draft's look reaches respondents only with the publish.
    expect(await look()).toBe(accent);
    expect(await ok<VersionStateResponse>('/api/get_version_state')).toMatchObject({
      live_version: 1,
      draft_differs: true,
    });
    const before = await respondent(s);
    expect(texts(before.turn)).toContain('Farbe?');

    // The assessment chat: the draft by default, the published version on request.
    const draft = await chatOk(t, token, '/api/chat/start', { survey_id: s });
    expect(texts(draft)).toContain('Welche Farbe?');
    const restart = await call(t, token, '/api/restart_delete', {
      survey_id: s,
      action: 'restart',
      live: false,
      version: 'published',
    });
    expect(restart.statusCode, restart.body).toBe(200);
    expect(texts(await chatOk(t, token, '/api/chat/history', { survey_id: s }))).toContain('Farbe?');
    // A respondent cannot choose.
    const { token_live } = await registerLive(t, s);
    const refused = await call(t, token_live, '/api/chat/start', { survey_id: s, version: 'draft' });
    expect(refused.statusCode).toBe(400);

    const hook = await call(t, token, '/api/create_webhook', {
      survey_id: s,
      url: 'https://127.0.0.1:9/dialogwerk',
      events: ['version.published'],
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const published = await ok<ListVersionsResponse & { version: ListVersionsResponse['versions'][number] }>(
      '/api/publish_version',
      { note: 'Neue Frage' },
    );
    expect(published.version).toMatchObject({
      number: 2,
      note: 'Neue Frage',
      published: true,
      live: true,
      author: 'Vera Version',
      chats: 0,
      // The draft's test chat was restarted before any answer, which drops it (restart_delete).
      test_chats: 0,
    });
    expect(published.draft_differs).toBe(false);
    const events = await t.database.db
      .selectFrom('webhook_deliveries')
      .select(['event', 'payload'])
      .execute();
    expect(events.map((e) => e.event)).toEqual(['version.published']);
    expect(JSON.parse(events[0]!.payload).data).toMatchObject({
      survey_id: s,
      number: 2,
      note: 'Neue Frage',
    });
    const after = await respondent(s);
    expect(texts(after.turn)).toContain('Welche Farbe?');
    expect(await look()).toBe('#123456');
    // The earlier respondent stays on version 1.
    expect(texts(await before.answer('Blau'))).toEqual(['Blau', 'Blau, sicher?']);

    const restored = await ok<RestoreVersionResponse>('/api/restore_version', { number: 1 });
    expect(restored).toMatchObject({ restored: 1, undo_version: 2, live_version: 2, draft_differs: true });
    expect((await ok<DiffVersionsResponse>('/api/diff_versions', { from: 1, to: 'draft' })).same).toBe(true);
    // Still nothing reaches respondents until publish.
    expect(texts((await respondent(s)).turn)).toContain('Welche Farbe?');
    const undone = await ok<RestoreVersionResponse>('/api/restore_version', {
      number: restored.undo_version,
    });
    expect(undone).toMatchObject({ restored: 2, undo_version: 1, draft_differs: false });
    const notThere = await call(t, token, '/api/restore_version', { survey_id: s, number: 9 });
    expect(notThere.statusCode).toBe(404);
    expect((await call(t, token, '/api/diff_versions', { survey_id: s, from: 9, to: 1 })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t, token, '/api/publish_version', { survey_id: s, note: 'x'.repeat(501) })).statusCode,
    ).toBe(400);
  });
});

describe('Analyse and export by version', () => {
  it('figures with and without the version filter, the wording marker and the Version column', async () => {
    const { token, dialog, id, ok } = await authorsDialog([
      { id: 'q1', type: 'single_choice', context: 'Farbe?', options: ['Rot', 'Blau'] },
    ]);
    const s = dialog.surveyId;
    for (const value of ['Rot', 'Blau']) await (await respondent(s)).answer(value);
    await setField(t, token, s, id('q1'), 'context', 'Welche Farbe?');
    await (await respondent(s)).answer('Rot');
    const summary = (filters: object) => ok<SurveySummaryResponse>('/api/analytics/summary', { filters });

    // All versions: 3 respondents, Rot 2 of 3, Blau 1 of 3.
    const all = await summary({});
    expect(all.versions).toEqual([1, 2]);
    expect(all.headline.started).toBe(3);
    expect(all.blocks[0]!.result).toEqual({
      kind: 'choice',
      respondents: 3,
      options: [
        { label: 'Rot', count: 2, share: 2 / 3 },
        { label: 'Blau', count: 1, share: 1 / 3 },
      ],
    });
    expect(all.blocks[0]!.wordings).toEqual([
      { label: 'Farbe?', versions: [1] },
      { label: 'Welche Farbe?', versions: [2] },
    ]);
    // Version 1: Rot 1 of 2, Blau 1 of 2; one wording, no marker.
    const v1 = await summary({ version: 1 });
    expect(v1.headline.started).toBe(2);
    expect(v1.blocks[0]!.result).toEqual({
      kind: 'choice',
      respondents: 2,
      options: [
        { label: 'Rot', count: 1, share: 1 / 2 },
        { label: 'Blau', count: 1, share: 1 / 2 },
      ],
    });
    expect(v1.blocks[0]!.wordings).toBeUndefined();
    const v2 = await summary({ version: 2 });
    expect(v2.headline.started).toBe(1);
    expect(v2.blocks[0]!.result).toMatchObject({
      respondents: 1,
      options: [
        { label: 'Rot', count: 1 },
        { label: 'Blau', count: 0 },
      ],
    });
    const bad = await call(t, token, '/api/analytics/summary', { survey_id: s, filters: { version: 0 } });
    expect(bad.statusCode).toBe(400);

    const exportCsv = async (filters: object) => {
      const res = await call(t, token, '/api/excel_export', { survey_id: s, format: 'csv', filters });
      expect(res.statusCode, res.body).toBe(200);
      const rows: string[][] = parse(res.rawPayload, { delimiter: ';', bom: true });
      const column = rows[0]!.indexOf('Version');
      return rows.slice(1).map((r) => [r[column], r.at(-1)]);
    };
    expect(await exportCsv({})).toEqual([
      ['1', 'Rot'],
      ['1', 'Blau'],
      ['2', 'Rot'],
    ]);
    expect(await exportCsv({ version: 2 })).toEqual([['2', 'Rot']]);
  });
});
