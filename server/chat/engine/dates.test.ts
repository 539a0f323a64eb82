import { describe, expect, it } from 'vitest';
import { parseDate } from './dates.ts';

describe('parseDate', () => {
  it.each<[string, string | null]>([
    ['2024-02-29', '2024-02-29'],
    ['2023-02-29', null],
    ['1.1.0099', '0099-01-01'],
    ['31.04.2024', null],
    ['2024-13-01', null],
    ['01/02/2024', null],
    [' 05.06.2024 ', '2024-06-05'],
  ])('%s', (text, iso) => {
    expect(parseDate(text)?.iso ?? null).toBe(iso);
  });
});
