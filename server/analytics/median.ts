/**
 * The median of n values that an ordered query lists: the middle one (or the mean of the middle two),
 * read with LIMIT/OFFSET so that the database sorts and only one or two rows come back.
 */
export async function medianAt(n: number, middle: (offset: number, limit: number) => Promise<number[]>) {
  if (n === 0) return null;
  const values = await middle(Math.floor((n - 1) / 2), n % 2 === 0 ? 2 : 1);
  if (values.length === 0) return null;
  return values.reduce((a, b) => a + b, 0) / values.length;
}
