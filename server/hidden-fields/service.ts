import { ERROR_TITLES } from '../../contract/errors.ts';
import type { HiddenField } from '../../contract/hidden-fields.ts';
import { hiddenValueSchema } from '../../contract/hidden-value-schemas.ts';
import { hiddenFieldInvalid, hiddenFieldMissing } from '../../contract/hidden-values.ts';
import type { AppContext } from '../context.ts';
import { parseJsonObject } from '../db/json-columns.ts';
import { badRequest } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import { listHiddenFields, replaceHiddenFields, storedHiddenValues } from './queries.ts';

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
      if (field.required) throw badRequest(hiddenFieldMissing(field.name), ERROR_TITLES.hiddenFields);
      continue;
    }
    if (!hiddenValueSchema.safeParse(value).success) {
      throw badRequest(hiddenFieldInvalid(field.name), ERROR_TITLES.hiddenFields);
    }
    values[field.name] = value;
  }
  return values;
}

/**
 * The hidden field values a session started with ({} when none): for what reads them after the start
 * (end redirects, quotas), so that none parses the stored JSON itself.
 */
export async function sessionHiddenValues(db: Db, sessionId: number): Promise<Record<string, string>> {
  return parseHiddenValues((await storedHiddenValues(db, sessionId))?.hidden_fields);
}

/** The stored JSON of chat_sessions.hidden_fields as values; anything but an object of texts counts as none. */
export function parseHiddenValues(stored: string | null | undefined): Record<string, string> {
  const parsed = parseJsonObject(stored ?? '{}');
  return Object.fromEntries(
    Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}
