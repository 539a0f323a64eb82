import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endNodeId } from '../../contract/blocks.ts';
import { PREFLIGHT_REFUSED, PREFLIGHT_UNCONFIRMED, type PreflightIssue } from '../../contract/preflight.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  addBlock,
  authorSession,
  call,
  dialogData,
  newDialog,
  PRIVACY_TEXT,
  type Session,
  setField,
} from '../test/dialogs.ts';

/**
 * The pre-flight check through the real app: each rule on a dialog built with the block calls, the
 * live switch refusing on errors and on unconfirmed warnings (naming the problems), and going live once
 * only warnings remain and are confirmed.
 */

let t: TestApp;
let me: Session;
beforeAll(async () => {
  t = await createTestApp();
  me = await authorSession(t);
});
afterAll(() => t.close());

const check = async (sid: string): Promise<PreflightIssue[]> => {
  const res = await call(t, me.token, '/api/preflight', { survey_id: sid });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().issues;
};
const goLive = (sid: string, confirm?: boolean) =>
  call(t, me.token, '/api/switch_activate_link', {
    item: { survey_id: sid, active: true },
    ...(confirm === undefined ? {} : { confirm }),
  });
const setPrivacy = (sid: string, text: string) =>
  call(t, me.token, '/api/update_survey_settings', {
    survey_id: sid,
    action: 'config',
    changed_values: { privacy_declaration_text: text },
  });

describe('the pre-flight check', () => {
  it('finds each problem with its severity and place', async () => {
    const sid = await newDialog(t, me.token, 'Geprüft');
    const first = await addBlock(t, me.token, sid, 'single_choice');
    const loopA = await addBlock(t, me.token, sid, 'message');
    const loopB = await addBlock(t, me.token, sid, 'message');
    const island = await addBlock(t, me.token, sid, 'message');
    const gpt = await addBlock(t, me.token, sid, 'gpt');
    const branches = await addBlock(t, me.token, sid, 'open_text');
    await setField(t, me.token, sid, branches, 'options', ['Preis', 'Service']);
    // first → loopA ⇄ loopB (asks nothing, never ends); island is reached by nothing.
    await setField(t, me.token, sid, first, 'jump_to_ids', [loopA, gpt]);
    await setField(t, me.token, sid, loopB, 'jump_to_question', loopA);
    await setField(t, me.token, sid, gpt, 'jump_to_question', branches);
    await setField(t, me.token, sid, branches, 'jump_to_question', endNodeId(sid));

    const issues = await check(sid);
    const summary = issues.map((i) => [i.code, i.severity, i.place, i.unique_question_id]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['no_privacy', 'error', 'settings', null],
        ['endless_loop', 'error', 'block', loopA],
        ['endless_loop', 'error', 'block', loopB],
        ['unreachable', 'warning', 'block', island],
        ['gpt_no_question', 'warning', 'block', gpt],
        ['training_missing', 'warning', 'training', branches],
      ]),
    );
    expect(summary).toHaveLength(6);
    // Errors first; every message names the block by its number.
    expect(issues.slice(0, 3).every((i) => i.severity === 'error')).toBe(true);
    expect(issues.find((i) => i.code === 'unreachable')!.message).toMatch(
      /^Block 4 .* wird über keinen Pfad erreicht\.$/,
    );

    // The live switch refuses while errors remain, confirmed or not, and names them.
    for (const confirm of [undefined, true]) {
      const res = await goLive(sid, confirm);
      expect(res.statusCode).toBe(400);
      expect(res.json().title).toBe(PREFLIGHT_REFUSED);
      expect(res.json().msg).toContain('Keine Datenschutzerklärung');
      expect(res.json().msg).toContain('Schleife ohne Frage');
    }
    expect((await dialogData(t, me.token, sid)).active).toBe(false);

    // Fixed errors: the warnings remain; unconfirmed they refuse, confirmed the dialog goes live.
    await setPrivacy(sid, PRIVACY_TEXT);
    await setField(t, me.token, sid, loopB, 'jump_to_question', gpt);
    expect((await check(sid)).map((i) => i.severity)).toEqual(['warning', 'warning', 'warning']);
    const unconfirmed = await goLive(sid);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().title).toBe(PREFLIGHT_UNCONFIRMED);
    expect(unconfirmed.json().msg).toContain('hat keine Frage an die Befragten');
    expect((await goLive(sid, true)).statusCode).toBe(200);
    expect((await dialogData(t, me.token, sid)).active).toBe(true);
  });

  it('lets a dialog without problems go live without a confirmation; switching off needs none', async () => {
    const sid = await newDialog(t, me.token, 'Sauber');
    const q = await addBlock(t, me.token, sid, 'gpt');
    await setField(t, me.token, sid, q, 'question', 'Was hat Ihnen gefallen?');
    await setPrivacy(sid, PRIVACY_TEXT);
    expect(await check(sid)).toEqual([]);
    expect((await goLive(sid)).statusCode).toBe(200);
    await setPrivacy(sid, '');
    const off = await call(t, me.token, '/api/switch_activate_link', {
      item: { survey_id: sid, active: false },
    });
    expect(off.statusCode).toBe(200);
  });

  it('names the end redirects as info that neither blocks going live nor needs confirming', async () => {
    const sid = await newDialog(t, me.token, 'Panel');
    const q = await addBlock(t, me.token, sid, 'gpt');
    await setField(t, me.token, sid, q, 'question', 'Was hat Ihnen gefallen?');
    const end = await addBlock(t, me.token, sid, 'end');
    await setField(t, me.token, sid, end, 'redirect_url', 'https://panel.example/complete?id={{pid}}');
    await setPrivacy(sid, PRIVACY_TEXT);
    const ending = await call(t, me.token, '/api/update_survey_settings', {
      survey_id: sid,
      action: 'config',
      changed_values: { end_redirect_url: 'https://panel.example/screenout?id={{pid}}' },
    });
    expect(ending.statusCode, ending.body).toBe(200);
    const issues = await check(sid);
    expect(issues.map((i) => [i.code, i.severity, i.place, i.unique_question_id])).toEqual([
      ['end_redirect', 'info', 'block', end],
      ['end_redirect', 'info', 'settings', null],
    ]);
    expect(issues[0]!.message).toMatch(
      /^Block 2 .*: Weiterleitung am Ende: https:\/\/panel\.example\/complete\?id=\{\{pid\}\}$/,
    );
    expect(issues[1]!.message).toBe(
      'Weiterleitung am Ende des Dialogs: https://panel.example/screenout?id={{pid}}',
    );
    expect((await goLive(sid)).statusCode).toBe(200);
    expect((await dialogData(t, me.token, sid)).active).toBe(true);
  });

  it('refuses a confirm that is no boolean with 400 naming the field, and other dialogs with 404', async () => {
    const sid = await newDialog(t, me.token);
    const res = await goLive(sid, 'ja' as unknown as boolean);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('confirm');
    const stranger = await authorSession(t);
    expect((await call(t, stranger.token, '/api/preflight', { survey_id: sid })).statusCode).toBe(404);
  });
});
