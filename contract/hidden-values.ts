/**
 * Hidden fields ('Versteckte Felder', issue 22): parameters of the public link (`/dialog/{id}?pid=123`)
 * stored with the session, never shown in the chat, usable as {{name}} in texts and end redirects.
 * Unknown parameters are ignored; a missing required one stops the start with hiddenFieldMissing. The
 * rules without zod, so the respondent pages can use them without carrying the schemas.
 */
export const HIDDEN_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
export const HIDDEN_VALUE_MAX = 200;
/** Letters, digits and the punctuation ids and codes use; nothing that could be markup. */
export const HIDDEN_VALUE = /^[\p{L}\p{N} ._:@+\-/]*$/u;
export const MAX_HIDDEN_FIELDS = 20;
/** The longest value the chat's start takes for a parameter (longer ones are refused by the schema). */
export const LINK_VALUE_MAX = 2000;

export const hiddenFieldMissing = (name: string) =>
  `Dieser Link ist unvollständig: der Parameter „${name}“ fehlt. Bitte nutzen Sie den Link, den Sie erhalten haben.`;
export const hiddenFieldInvalid = (name: string) =>
  `Der Parameter „${name}“ im Link ist ungültig (höchstens ${HIDDEN_VALUE_MAX} Zeichen: Buchstaben, Ziffern, . _ : @ + - /).`;

/** Parameters a start passes at most: more than a dialog declares, fewer than a request should carry. */
const LINK_PARAMS_MAX = 50;

/**
 * The parameters of a link's query that could be hidden fields (a name as HIDDEN_FIELD_NAME allows),
 * for the chat's start; the server keeps the declared ones and checks their values. Others (utm_…
 * with a dash, say) stay out of the request. A value longer than the start takes is cut just past the
 * longest allowed, so the server still names it as too long.
 */
export function linkHiddenValues(search: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (!HIDDEN_FIELD_NAME.test(name) || Object.keys(values).length >= LINK_PARAMS_MAX) continue;
    values[name] = value.slice(0, HIDDEN_VALUE_MAX + 1);
  }
  return values;
}
