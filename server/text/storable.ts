/**
 * Text the databases can store as sent: lone surrogates would come back as U+FFFD (so what is read
 * would differ from what was written), and PostgreSQL refuses NUL characters in text while SQLite keeps
 * them. Both databases get the same text this way.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const storable = (text: string) => text.replace(LONE_SURROGATE, '\ufffd').replaceAll('\u0000', '');

/** No request schema nests this deep; deeper values are left to the schema to refuse, without recursing. */
const MAX_DEPTH = 64;

/** Every string in a parsed JSON value (keys too), made storable. */
export function storableDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storable(value);
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => storableDeep(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storableDeep(v, depth + 1)]));
}
