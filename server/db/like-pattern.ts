/** `pattern` for SQL LIKE: the search text taken literally (its % and _ escaped with backslash). */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
