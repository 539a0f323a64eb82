import type { LightMyRequestResponse } from 'fastify';
import type { DialogNeed } from '../../sharing/permissions.ts';
import type { TestApp } from '../app.ts';

/** Who calls: the owner, a member of each role, a pending invitee, a non-member, a live participant, nobody. */
export const CALLERS = [
  'owner',
  'full',
  'edit_train',
  'train',
  'analyse',
  'pending',
  'stranger',
  'live',
  'none',
] as const;
export type Caller = (typeof CALLERS)[number];

/** A fresh dialog for one call by one caller (sessions are shared, dialogs never are). */
export interface DialogFixture {
  sid: string;
  /** A message block of the dialog. */
  block: string;
  /** Members rows the sharing calls can act on. */
  names: {
    /** The accepted member with the role 'analyse'. */
    analyse: string;
    /** An address invited without an account, still pending. */
    invited: string;
  };
}

export interface DialogCall {
  name: string;
  /** What the guard asks (server/sharing/permissions.ts); 'invitee' = only the pending invitee may call. */
  need: DialogNeed | 'invitee';
  /** The status of a caller the guard lets through (default 200). */
  ok?: number;
  /** A live participant's token registered for the dialog: author calls answer 403 (default). */
  live?: number;
  /** Statuses that differ from the rule for some callers, with the reason in a comment. */
  except?: Partial<Record<Caller, number>>;
  send(t: TestApp, token: string | undefined, d: DialogFixture): Promise<LightMyRequestResponse>;
}
