const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** A calendar date as JJJJ-MM-TT (from that form or TT.MM.JJJJ), or null. */
export function parseDate(text: string): { iso: string; ms: number } | null {
  const s = text.trim();
  const iso = ISO_DATE.exec(s);
  const de = GERMAN_DATE.exec(s);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : de ? [de[3], de[2], de[1]] : [];
  if (y === undefined || m === undefined || d === undefined) return null;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years below 100 as they are.
  date.setUTCFullYear(Number(y), Number(m) - 1, Number(d));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1) return null;
  if (date.getUTCDate() !== Number(d)) return null;
  return { iso: `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`, ms: date.getTime() };
}
