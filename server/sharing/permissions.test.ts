import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Capability } from '../../contract/roles.ts';
import { bearer, createTestApp, type TestApp } from '../test/app.ts';
import {
  addBlock,
  addMember,
  authorSession,
  call,
  liveToken,
  newDialog,
  type Session,
} from '../test/dialogs.ts';
import {
  authorizeDialog,
  DIALOG_NOT_FOUND,
  type DialogNeed,
  moduleOffMessage,
  OWNER_ONLY,
  ROLE_FORBIDDEN,
} from './permissions.ts';

let t: TestApp;
let owner: Session;
const members = {} as Record<'full' | 'edit_train' | 'train' | 'analyse' | 'pending' | 'stranger', Session>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await authorSession(t);
  for (const who of ['full', 'edit_train', 'train', 'analyse', 'pending', 'stranger'] as const) {
    members[who] = await authorSession(t);
  }
});
afterAll(() => t.close());

/** A fresh dialog of the owner, shared with one member per role and one pending invitee. */
async function sharedDialog() {
  const sid = await newDialog(t, owner.token);
  for (const role of ['full', 'edit_train', 'train', 'analyse'] as const) {
    await addMember(t, sid, members[role].id, role);
  }
  await addMember(t, sid, members.pending.id, 'full', false);
  const block = await addBlock(t, owner.token, sid, 'message');
  return { sid, block };
}

function uploadText(token: string | undefined, sid: string) {
  const boundary = 'permtest';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="survey_id"\r\n\r\n${sid}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n` +
    `Content-Type: image/png\r\n\r\nkein Bild\r\n--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/upload_media',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? bearer(token) : {}) },
  });
}

type Send = (token: string | undefined, d: { sid: string; block: string }) => Promise<LightMyRequestResponse>;

const CALLS: { name: string; need: DialogNeed; send: Send }[] = [
  {
    name: 'get_survey_data_configurator',
    need: 'configure',
    send: (tk, d) => call(t, tk, '/api/get_survey_data_configurator', { survey_id: d.sid }),
  },
  { name: 'dialog', need: 'view', send: (tk, d) => call(t, tk, '/api/dialog', { survey_id: d.sid }) },
  {
    name: 'update_survey_blocks',
    need: 'configure',
    send: (tk, d) =>
      call(t, tk, '/api/update_survey_blocks', {
        survey_id: d.sid,
        action: 'update',
        unique_question_id: d.block,
        changed_values: { context: 'Neu' },
      }),
  },
  {
    name: 'update_survey_settings',
    need: 'configure',
    send: (tk, d) =>
      call(t, tk, '/api/update_survey_settings', {
        survey_id: d.sid,
        action: 'fixmessages',
        changed_values: { welcome: 'Hallo' },
      }),
  },
  {
    name: 'structure',
    need: 'configure',
    send: (tk, d) =>
      call(t, tk, `/api/surveys/${d.sid}/structure`, { connections: [{ source: d.block, target: null }] }),
  },
  {
    name: 'switch_activate_link',
    need: 'live_switch',
    // Switching off: going live would first need the pre-flight check to pass (server/preflight).
    send: (tk, d) => call(t, tk, '/api/switch_activate_link', { item: { survey_id: d.sid, active: false } }),
  },
  {
    name: 'duplicate_survey',
    need: 'configure',
    send: (tk, d) => call(t, tk, '/api/duplicate_survey', { survey_id: d.sid }),
  },
  {
    name: 'get_media_list',
    need: 'configure',
    send: (tk, d) => call(t, tk, '/api/get_media_list', { survey_id: d.sid }),
  },
  {
    name: 'delete_media',
    need: 'configure',
    send: (tk, d) => call(t, tk, '/api/delete_media', { survey_id: d.sid, filename_db: 'nicht-da.png' }),
  },
  { name: 'upload_media', need: 'configure', send: (tk, d) => uploadText(tk, d.sid) },
  {
    name: 'delete_survey',
    need: 'owner',
    send: (tk, d) => call(t, tk, '/api/delete_survey', { survey_id: d.sid }),
  },
];

const ROLE_ALLOWED: Record<DialogNeed, readonly string[]> = {
  view: ['owner', 'full', 'edit_train', 'train', 'analyse'],
  configure: ['owner', 'full', 'edit_train'],
  live_switch: ['owner', 'full', 'edit_train'],
  owner: ['owner'],
  train: [],
  test: [],
  share: [],
  analyse: [],
};

/** Passed the guard: whatever the call answers then, it is not the guard's 401/403/404. */
function expectAllowed(res: LightMyRequestResponse, who: string) {
  expect(res.statusCode, `${who}: ${res.body}`).not.toBe(401);
  expect(res.statusCode, `${who}: ${res.body}`).not.toBe(403);
  if (res.statusCode === 404) expect(res.json().msg, who).not.toBe(DIALOG_NOT_FOUND);
}

describe('every dialog call checks the caller', () => {
  for (const { name, need, send } of CALLS) {
    it(`${name}: roles, pending invitee, stranger, live token and no token`, async () => {
      const d = await sharedDialog();
      const live = await liveToken(t, d.sid);
      const expectStatus = async (
        token: string | undefined,
        status: number,
        msg: string | undefined,
        who: string,
      ) => {
        const res = await send(token, d);
        expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
        if (msg) expect(res.json().msg, who).toBe(msg);
      };
      await expectStatus(undefined, 401, undefined, 'no token');
      await expectStatus(live, 403, undefined, 'live token');
      await expectStatus(members.stranger.token, 404, DIALOG_NOT_FOUND, 'stranger');
      await expectStatus(members.pending.token, 404, DIALOG_NOT_FOUND, 'pending invitee');
      for (const role of ['full', 'edit_train', 'train', 'analyse'] as const) {
        const res = await send(members[role].token, d);
        if (ROLE_ALLOWED[need].includes(role)) expectAllowed(res, role);
        else {
          expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
          expect(res.json().msg).toBe(need === 'owner' ? OWNER_ONLY : ROLE_FORBIDDEN);
        }
      }
      expectAllowed(await send(owner.token, d), 'owner');
    });
  }

  it('a dialog that does not exist answers like one of somebody else', async () => {
    for (const { name, send } of CALLS) {
      const res = await send(owner.token, { sid: 'gibt-es-nicht', block: 'x' });
      expect(res.statusCode, name).toBe(404);
      expect(res.json().msg, name).toBe(DIALOG_NOT_FOUND);
    }
  });

  it('dashboard calls need an author token', async () => {
    const live = await liveToken(t, (await sharedDialog()).sid);
    for (const [url, payload] of [
      ['/api/get_survey_list', {}],
      ['/api/create_survey', { survey_name: 'X' }],
    ] as const) {
      expect((await call(t, undefined, url, payload)).statusCode).toBe(401);
      expect((await call(t, live, url, payload)).statusCode).toBe(403);
      expect((await call(t, 'kaputt', url, payload)).statusCode).toBe(401);
      expect((await call(t, members.stranger.token, url, payload)).statusCode).toBe(200);
    }
  });
});

describe('module flags', () => {
  it('a switched-off Bearbeiten module refuses configure calls for everybody, reading still works', async () => {
    const d = await sharedDialog();
    await t.database.db
      .updateTable('surveys')
      .set({ bearbeiten: 0 })
      .where('survey_id', '=', d.sid)
      .execute();
    for (const name of [
      'get_survey_data_configurator',
      'update_survey_blocks',
      'structure',
      'upload_media',
    ]) {
      const res = await CALLS.find((c) => c.name === name)!.send(owner.token, d);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().msg).toBe(moduleOffMessage('Bearbeiten'));
    }
    expect((await call(t, owner.token, '/api/dialog', { survey_id: d.sid })).statusCode).toBe(200);
  });

  it('each module flag switches its capability off (train, test, analyse)', async () => {
    const d = await sharedDialog();
    const check = (need: Capability) => authorizeDialog(t.ctx, owner.id, d.sid, need);
    for (const [column, need, label] of [
      ['intrance', 'train', 'Trainieren'],
      ['testen', 'test', 'Testen'],
      ['analyse', 'analyse', 'Analyse'],
    ] as const) {
      await expect(check(need)).resolves.toMatchObject({ role: 'owner' });
      await t.database.db
        .updateTable('surveys')
        .set({ [column]: 0 })
        .where('survey_id', '=', d.sid)
        .execute();
      await expect(check(need)).rejects.toMatchObject({ status: 403, msg: moduleOffMessage(label) });
    }
    await expect(check('share')).resolves.toMatchObject({ role: 'owner' });
    await expect(authorizeDialog(t.ctx, members.analyse.id, d.sid, 'share')).rejects.toMatchObject({
      status: 403,
    });
  });
});
