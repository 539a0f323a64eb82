import {
  HIDDEN_VALUE,
  HIDDEN_VALUE_MAX,
  type HiddenField,
  hiddenFieldInvalid,
  hiddenFieldMissing,
} from '../../contract/hidden-fields.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { listHiddenFields, replaceHiddenFields } from './queries.ts';

/** A dialog's hidden fields, and the check of a link's values against them at a chat's start. */

type Db = AppContext['db'];

const toFields = (rows: Awaited<ReturnType<typeof listHiddenFields>>): HiddenField[] =>
  rows.map((r) => ({ name: r.name, required: r.required === 1 }));

export async function hiddenFields(ctx: AppContext, access: DialogAccess) {
  return { fields: toFields(await listHiddenFields(ctx.db, access.survey.id)) };
}

export async function setHiddenFields(ctx: AppContext, access: DialogAccess, fields: HiddenField[]) {
  await replaceHiddenFields(ctx.db, access.survey.id, fields);
  return hiddenFields(ctx, access);
}

/**
 * The declared fields' values from a link's parameters: unknown parameters are left out, an empty value
 * counts as missing, a missing required one or a value outside HIDDEN_VALUE answers 400 with a text the
 * respondent can act on. Null when the dialog declares none.
 */
export async function acceptHiddenValues(
  db: Db,
  surveyId: number,
  given: Readonly<Record<string, string>> | undefined,
): Promise<Record<string, string> | null> {
  const fields = toFields(await listHiddenFields(db, surveyId));
  if (fields.length === 0) return null;
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = given?.[field.name]?.trim() ?? '';
    if (value === '') {
      if (field.required) throw badRequest(hiddenFieldMissing(field.name));
      continue;
    }
    if (value.length > HIDDEN_VALUE_MAX || !HIDDEN_VALUE.test(value)) {
      throw badRequest(hiddenFieldInvalid(field.name));
    }
    values[field.name] = value;
  }
  return values;
}
