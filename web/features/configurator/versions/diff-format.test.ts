import { describe, expect, it } from 'vitest';
import { formatDiffValue } from './diff-format.ts';

const words = {
  empty: '(leer)',
  next: 'Nächster Block',
  yes: 'ja',
  no: 'nein',
  name: (id: string) => (id === 'q2' ? 'Nr. 2 Alter' : undefined),
};

describe('formatDiffValue', () => {
  it('empty values, flags and numbers', () => {
    expect(formatDiffValue('short_name', '', words)).toBe('(leer)');
    expect(formatDiffValue('short_name', null, words)).toBe('(leer)');
    expect(formatDiffValue('options', [], words)).toBe('(leer)');
    expect(formatDiffValue('optional', true, words)).toBe('ja');
    expect(formatDiffValue('optional', false, words)).toBe('nein');
    expect(formatDiffValue('speed', 1.5, words, 'de')).toBe('1,5');
  });

  it('lists item by item, block ids by their name', () => {
    expect(formatDiffValue('options', ['Ja', 'Nein'], words)).toBe('Ja | Nein');
    expect(formatDiffValue('jump_to_ids', ['q2', 'q9', '', null], words)).toBe(
      'Nr. 2 Alter | q9 | Nächster Block | Nächster Block',
    );
  });

  it('text content as its items, objects as JSON', () => {
    expect(formatDiffValue('context', 'Hallo', words)).toBe('Hallo');
    expect(formatDiffValue('qa_pairs', [{ q: 'Wer?', a: 'Wir' }], words)).toBe('{"q":"Wer?","a":"Wir"}');
  });
});
