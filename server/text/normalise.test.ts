import { describe, expect, it } from 'vitest';
import { normalizeKey } from './normalise.ts';

describe('normalizeKey', () => {
  it('folds case, umlauts and punctuation, and keeps the letters of every script', () => {
    expect(normalizeKey('Märchen, MAERCHEN!')).toBe('marchen marchen');
    expect(normalizeKey('Straße')).toBe('strasse');
    expect(normalizeKey('Доставка опоздала!')).toBe('доставка опоздала');
    expect(normalizeKey('Цена слишком высокая')).not.toBe(normalizeKey('Доставка опоздала'));
    expect(normalizeKey('السعر مرتفع جدا')).toBe('السعر مرتفع جدا');
    expect(normalizeKey('品質が悪い。')).not.toBe('');
    expect(normalizeKey('?! …')).toBe('');
  });
});
