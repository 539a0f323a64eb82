import { describe, expect, it } from 'vitest';
import { previewText } from './preview-text.ts';

describe('text previews (SPEC §9)', () => {
  it('shows every item of a short text', () => {
    expect(previewText('Hallo§§#1500#§§Wie geht es?')).toBe('Hallo · Pause 1,5 s · Wie geht es?');
    expect(previewText('')).toBe('');
  });

  it('shows only 2 items when the whole text exceeds 100 characters', () => {
    const long = `Erste Blase§§image:file:bild.png§§${'x'.repeat(100)}`;
    expect(previewText(long)).toBe('Erste Blase · 🖼 bild.png …');
  });

  it('keeps a long single item whole (nothing to cut)', () => {
    const one = 'y'.repeat(150);
    expect(previewText(`${one}§§z`)).toBe(`${one} · z`);
  });
});
