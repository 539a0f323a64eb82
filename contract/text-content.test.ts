import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  delayToSeconds,
  isEncodableItem,
  joinSegments,
  MAX_DELAY_MS,
  mediaLocation,
  mediaSourceUrl,
  parse,
  plainText,
  preview,
  referencedVariables,
  secondsToDelay,
  serialize,
  type TextItem,
  textSegments,
} from './text-content.ts';

describe('parse', () => {
  it('decodes every item kind', () => {
    const content = [
      'Hallo {{name}}!',
      '#1500#',
      'image:file:abc123.png',
      'audio:https://example.org/ton.mp3',
      'video:file:film.mp4',
      'link_url:https://example.org|link_klick_name:Mehr erfahren',
      'link_url:https://example.org/ohne',
      'file:handout.pdf',
    ].join('§§');
    expect(parse(content)).toEqual([
      { kind: 'text', text: 'Hallo {{name}}!' },
      { kind: 'delay', ms: 1500 },
      { kind: 'image', source: { filename: 'abc123.png' } },
      { kind: 'audio', source: { url: 'https://example.org/ton.mp3' } },
      { kind: 'video', source: { filename: 'film.mp4' } },
      { kind: 'link', url: 'https://example.org', label: 'Mehr erfahren' },
      { kind: 'link', url: 'https://example.org/ohne', label: null },
      { kind: 'file', filename: 'handout.pdf' },
    ]);
  });

  it('reads only canonical delays as delays; the empty text has no items', () => {
    expect(parse('#0#')).toEqual([{ kind: 'delay', ms: 0 }]);
    for (const text of ['#01500#', '#1.5#', '#-1#', '#99999999#', '# 10#', '#10', 'x#10#']) {
      expect(parse(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(parse('')).toEqual([]);
    expect(parse('§§')).toEqual([
      { kind: 'text', text: '' },
      { kind: 'text', text: '' },
    ]);
  });

  it('shows delays in seconds and media files under /media/', () => {
    expect(delayToSeconds(1500)).toBe(1.5);
    expect(secondsToDelay(2.25)).toBe(2250);
    expect(mediaSourceUrl({ filename: 'a b.png' })).toBe('/media/a%20b.png');
    expect(mediaSourceUrl({ url: 'https://x.de/y.png' })).toBe('https://x.de/y.png');
  });
});

/** Strings rich in the codec's own symbols, so separators, prefixes and markers collide often. */
const codecString = fc.string({
  unit: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('§', '#', ':', '|', '{', '}', '1', '0', 'a', ' ') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '§§',
        'image:',
        'audio:',
        'video:',
        'file:',
        'link_url:',
        '|link_klick_name:',
        '#1500#',
        '{{name}}',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
  ),
  maxLength: 40,
});

const free = fc.string({ maxLength: 20 });
const item: fc.Arbitrary<TextItem> = fc.oneof(
  free.map((text) => ({ kind: 'text' as const, text })),
  fc.integer({ min: 0, max: MAX_DELAY_MS }).map((ms) => ({ kind: 'delay' as const, ms })),
  fc.record({
    kind: fc.constantFrom('image' as const, 'audio' as const, 'video' as const),
    source: fc.oneof(
      free.map((filename) => ({ filename })),
      free.map((url) => ({ url })),
    ),
  }),
  fc.record({ kind: fc.constant('link' as const), url: free, label: fc.option(free, { nil: null }) }),
  free.map((filename) => ({ kind: 'file' as const, filename })),
);

describe('round trip (property)', () => {
  it('serialize(parse(s)) === s for every string', () => {
    fc.assert(
      fc.property(fc.oneof(codecString, fc.string()), (s) => {
        expect(serialize(parse(s))).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });

  it('parse(serialize(items)) equals items for encodable items', () => {
    const items = fc
      .array(item.filter(isEncodableItem), { maxLength: 8 })
      .filter((list) => !(list.length === 1 && list[0]!.kind === 'text' && list[0]!.text === ''));
    fc.assert(
      fc.property(items, (list) => {
        expect(parse(serialize(list))).toEqual(list);
      }),
      { numRuns: 2000 },
    );
  });

  it('variable chips split and join back to the same text', () => {
    fc.assert(
      fc.property(codecString, (s) => {
        expect(joinSegments(textSegments(s))).toBe(s);
      }),
      { numRuns: 1000 },
    );
    expect(textSegments('Hi {{vor_name}}, {{x y}}')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'variable', name: 'vor_name' },
      { kind: 'text', text: ', {{x y}}' },
    ]);
    expect(referencedVariables('{{a}} {{b}} {{a}}')).toEqual(['a', 'b']);
  });
});

describe('preview (SPEC §9)', () => {
  it('keeps every item up to 100 characters', () => {
    const text = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(10)].join('§§');
    expect(text.length).toBe(94);
    expect(preview(text)).toEqual({ items: parse(text), truncated: false });
  });

  it('truncates to 2 items when the text is longer than 100 characters', () => {
    const text = ['a'.repeat(40), '#2000#', 'b'.repeat(40), 'c'.repeat(10)].join('§§');
    expect(preview(text)).toEqual({
      items: [
        { kind: 'text', text: 'a'.repeat(40) },
        { kind: 'delay', ms: 2000 },
      ],
      truncated: true,
    });
    expect(preview('x'.repeat(300)).truncated).toBe(false);
  });
});

describe('plainText', () => {
  it('keeps texts and link labels, one a line, and leaves out media, delays and files', () => {
    const content = serialize([
      { kind: 'image', source: { filename: 'a.png' } },
      { kind: 'text', text: 'Hallo!' },
      { kind: 'delay', ms: 800 },
      { kind: 'link', url: 'https://example.org', label: 'Mehr dazu' },
      { kind: 'link', url: 'https://example.org', label: null },
      { kind: 'file', filename: 'x.pdf' },
      { kind: 'text', text: 'Wie geht es?' },
    ]);
    expect(plainText(content)).toBe('Hallo!\nMehr dazu\nWie geht es?');
    expect(plainText('')).toBe('');
  });
});

describe('media location by mode (SPEC §9)', () => {
  const upload = mediaSourceUrl({ filename: 'tatort foto.jpg' });

  it('keeps every address in standard mode', () => {
    expect(mediaLocation(upload, null)).toBe('/media/tatort%20foto.jpg');
    expect(mediaLocation('https://example.org/a.png', null)).toBe('https://example.org/a.png');
  });

  it('moves uploads to the game media host in game mode, with or without a trailing slash', () => {
    expect(mediaLocation(upload, 'https://cdn.example.org')).toBe(
      'https://cdn.example.org/media/tatort%20foto.jpg',
    );
    expect(mediaLocation(upload, 'https://cdn.example.org/spiele//')).toBe(
      'https://cdn.example.org/spiele/media/tatort%20foto.jpg',
    );
  });

  it('leaves external addresses and other paths alone in game mode', () => {
    expect(mediaLocation('https://example.org/media/a.png', 'https://cdn.example.org')).toBe(
      'https://example.org/media/a.png',
    );
    expect(mediaLocation('/img/logo.svg', 'https://cdn.example.org')).toBe('/img/logo.svg');
  });
});
