import type { Selectable } from 'kysely';
import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  type Capability,
  type DialogNeed,
  type Role,
  roleAllows,
} from '../../contract/roles.ts';
import type { AppContext } from '../context.ts';
import type { SurveysTable } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { findSurveyWithMembership } from './queries.ts';

export type SurveyRow = Selectable<SurveysTable>;

export type { DialogNeed } from '../../contract/roles.ts';

export interface DialogAccess {
  userId: number;
  role: Role;
  survey: SurveyRow;
}

/** The per-dialog module flag (SPEC §2 module tab bar) that can switch a capability off for everybody. */
const MODULE_FLAG: Partial<Record<Capability, { column: keyof SurveyRow; name: string }>> = {
  configure: { column: 'bearbeiten', name: 'Bearbeiten' },
  train: { column: 'intrance', name: 'Trainieren' },
  test: { column: 'testen', name: 'Testen' },
  analyse: { column: 'analyse', name: 'Analyse' },
};

export const DIALOG_NOT_FOUND = 'Dialog nicht gefunden.';
export const ROLE_FORBIDDEN = 'Ihre Rolle in diesem Dialog erlaubt das nicht.';
export const OWNER_ONLY = 'Das kann nur der Besitzer des Dialogs.';
export const LIVE_SWITCH_OFF = 'Das Live-Schalten ist für diesen Dialog ausgeschaltet.';
export const moduleOffMessage = (name: string) => `Das Modul „${name}“ ist für diesen Dialog ausgeschaltet.`;

/** A member row's role, or undefined for a role string this version does not know. */
export function parseMemberRole(role: string): AssignableRole | undefined {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(role) ? (role as AssignableRole) : undefined;
}

/** Owner by surveys.owner_id, otherwise the role of an accepted members row; undefined: none. */
export function roleOf(ownerId: number, memberRole: string | null, userId: number): Role | undefined {
  return ownerId === userId ? 'owner' : memberRole ? parseMemberRole(memberRole) : undefined;
}

/** The caller's role on a dialog. One query for dialog and membership, since every dialog call pays for it. */
async function loadWithRole(ctx: Pick<AppContext, 'db'>, userId: number, surveyId: string) {
  const row = await findSurveyWithMembership(ctx.db, userId, surveyId);
  if (!row) return undefined;
  const { member_role, ...survey } = row;
  const role = roleOf(survey.owner_id, member_role, userId);
  return role ? { survey: survey as SurveyRow, role } : undefined;
}

/**
 * Checks an author's right to a call on a dialog. Non-members and pending invitees get the same 404 as
 * for a dialog that does not exist, so ids cannot be probed; members without the capability get 403,
 * and so does everybody when the dialog's module flag switches the module off.
 */
export async function authorizeDialog(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  surveyId: string,
  need: DialogNeed,
): Promise<DialogAccess> {
  const found = await loadWithRole(ctx, userId, surveyId);
  if (!found) throw notFound(DIALOG_NOT_FOUND);
  const { survey, role } = found;
  if (need === 'owner') {
    if (role !== 'owner') throw forbidden(OWNER_ONLY);
  } else if (need === 'live_switch') {
    if (!roleAllows(role, 'configure')) throw forbidden(ROLE_FORBIDDEN);
    if (!survey.live_switch) throw forbidden(LIVE_SWITCH_OFF);
  } else if (need !== 'view') {
    if (!roleAllows(role, need)) throw forbidden(ROLE_FORBIDDEN);
    const module = MODULE_FLAG[need];
    if (module && !survey[module.column]) throw forbidden(moduleOffMessage(module.name));
  }
  return { userId, role, survey };
}
