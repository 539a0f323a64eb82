import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_ROLES,
  CAPABILITIES,
  type Capability,
  ROLES,
  type Role,
  roleAllows,
} from '../../contract/roles.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  CALLERS,
  type Caller,
  DIALOG_CALLS,
  type DialogCall,
  type DialogFixture,
} from '../test/dialog-calls.ts';
import {
  addBlock,
  addMember,
  authorSession,
  internalId,
  liveToken,
  newDialog,
  type Session,
} from '../test/dialogs.ts';
import { DIALOG_NOT_FOUND } from './permissions.ts';

/**
 * The permission matrix of issue 5: every author call on a dialog (server/test/dialog-calls.ts), called
 * as the owner, each of the four roles, a pending invitee, a non-member, a live participant and nobody,
 * answers the status that the roles table of ARCHITECTURE.md gives.
 */

/** ARCHITECTURE.md, "Roles on a dialog", copied cell by cell. */
const ROLES_TABLE: Record<Role, Record<Capability, boolean>> = {
  owner: { configure: true, train: true, test: true, share: true, analyse: true },
  full: { configure: true, train: true, test: true, share: true, analyse: true },
  edit_train: { configure: true, train: true, test: true, share: false, analyse: false },
  train: { configure: false, train: true, test: true, share: false, analyse: false },
  analyse: { configure: false, train: false, test: false, share: false, analyse: true },
};

function roleMayCall(role: Role, need: DialogCall['need']): boolean {
  switch (need) {
    case 'view':
      return true;
    case 'owner':
      return role === 'owner';
    case 'invitee':
      return false;
    case 'live_switch':
      return ROLES_TABLE[role].configure;
    default:
      return ROLES_TABLE[role][need];
  }
}

/** The status a caller gets: 401 without a token, 404 for whoever is not (yet) a member, 403 for a role without the right. */
function expectedStatus(c: DialogCall, caller: Caller): number {
  const exception = c.except?.[caller];
  if (exception !== undefined) return exception;
  const ok = c.ok ?? 200;
  switch (caller) {
    case 'none':
      return 401;
    case 'live':
      return c.live ?? 403;
    case 'pending':
      return c.need === 'invitee' ? ok : 404;
    case 'stranger':
      return 404;
    default:
      if (c.need === 'invitee') return 404;
      return roleMayCall(caller, c.need) ? ok : 403;
  }
}

let t: TestApp;
let dataDir: string;
const sessions = {} as Record<Exclude<Caller, 'live' | 'none'>, Session>;

beforeAll(async () => {
  // Invitations are written to the outbox of a temporary DATA_DIR (no SMTP here).
  dataDir = mkdtempSync(join(tmpdir(), 'dialogwerk-matrix-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  for (const who of ['owner', ...ASSIGNABLE_ROLES, 'pending', 'stranger'] as const) {
    sessions[who] = await authorSession(t);
  }
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A live dialog of the owner with one accepted member per role, the pending invitee and an invited address. */
async function fixture(): Promise<DialogFixture> {
  const sid = await newDialog(t, sessions.owner.token);
  const block = await addBlock(t, sessions.owner.token, sid, 'message');
  for (const role of ASSIGNABLE_ROLES) await addMember(t, sid, sessions[role].id, role);
  await addMember(t, sid, sessions.pending.id, 'full', false);
  const invited = 'eingeladen@example.org';
  await t.database.db
    .insertInto('members')
    .values({ survey_id: await internalId(t, sid), name: invited, role: 'train', created_at: t.clock.now })
    .execute();
  await t.database.db.updateTable('surveys').set({ active: 1 }).where('survey_id', '=', sid).execute();
  return { sid, block, names: { analyse: `member${sessions.analyse.id}@example.org`, invited } };
}

async function tokenOf(caller: Caller, d: DialogFixture): Promise<string | undefined> {
  if (caller === 'none') return undefined;
  if (caller === 'live') return liveToken(t, d.sid);
  return sessions[caller].token;
}

describe('the roles table', () => {
  it('contract/roles.ts grants exactly what ARCHITECTURE.md says', () => {
    for (const role of ROLES) {
      for (const capability of CAPABILITIES) {
        expect(roleAllows(role, capability), `${role} ${capability}`).toBe(ROLES_TABLE[role][capability]);
      }
    }
  });
});

describe('permission matrix', () => {
  it.each(DIALOG_CALLS.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const wrong: string[] = [];
    for (const caller of CALLERS) {
      const d = await fixture();
      const res = await c.send(t, await tokenOf(caller, d), d);
      const expected = expectedStatus(c, caller);
      if (res.statusCode !== expected) {
        wrong.push(`${caller}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      // Whoever may not see the dialog gets the guard's 404, the same as for a dialog that does not
      // exist; a 404 past the guard is the call's own (a file, an answer), never that one.
      if (expected === 404 && c.need !== 'invitee') {
        const guarded = caller === 'pending' || caller === 'stranger';
        if ((res.json().msg === DIALOG_NOT_FOUND) !== guarded) wrong.push(`${caller}: 404 ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a dialog that does not exist answers every call like one of somebody else', async () => {
    const d = await fixture();
    for (const c of DIALOG_CALLS) {
      if (c.need === 'invitee') continue;
      const res = await c.send(t, sessions.owner.token, { ...d, sid: 'gibt-es-nicht' });
      expect(res.statusCode, c.name).toBe(404);
      expect(res.json().msg, c.name).toBe(DIALOG_NOT_FOUND);
    }
  });
});
