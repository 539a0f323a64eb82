/**
 * Text the databases can store as sent: lone surrogates would come back as U+FFFD (so what is read
 * would differ from what was written), and PostgreSQL refuses NUL characters in text while SQLite keeps
 * them. Both databases get the same text this way.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** What storable() changes: most text has none of it, and is then returned as it is. */
const NEEDS_CARE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`);

export const storable = (text: string) =>
  NEEDS_CARE.test(text) ? text.replace(LONE_SURROGATE, '\ufffd').replaceAll('\u0000', '') : text;

/** No request schema nests this deep; deeper values are left to the schema to refuse, without recursing. */
const MAX_DEPTH = 64;

/** Whether some string of a parsed JSON value (keys too) is not storable as it is. */
function needsCare(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return NEEDS_CARE.test(value);
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((v) => needsCare(v, depth + 1));
  for (const [k, v] of Object.entries(value)) {
    if (NEEDS_CARE.test(k) || needsCare(v, depth + 1)) return true;
  }
  return false;
}

function rebuilt(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return storable(value);
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => rebuilt(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), rebuilt(v, depth + 1)]));
}

/**
 * Every string in a parsed JSON value (keys too), made storable. Every request body passes here
 * (http/storable-bodies.ts) and almost none needs a change: such a value is returned as it is, without
 * copying it.
 */
export const storableDeep = (value: unknown): unknown => (needsCare(value, 0) ? rebuilt(value, 0) : value);
