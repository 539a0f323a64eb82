import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contentAddressHits,
  convertAddress,
  convertContentAddress,
  findOtherAddress,
} from './address-form.ts';
import { serialize } from './text-content.ts';

/** du/Sie: which words speak in the other form of address, and the conversions that are sure. */

const found = (text: string, address: 'du' | 'sie') =>
  findOtherAddress(text, address).map((h) => [h.found, h.replacement]);

describe('a text for Sie that still says du', () => {
  it('converts possessives, verb pairs and imperatives', () => {
    expect(convertAddress('Gib uns deine E-Mail-Adresse.', 'sie')).toBe('Geben Sie uns Ihre E-Mail-Adresse.');
    expect(convertAddress('Bitte wähle eine Antwort.', 'sie')).toBe('Bitte wählen Sie eine Antwort.');
    expect(convertAddress('Kannst du uns helfen?', 'sie')).toBe('Können Sie uns helfen?');
    expect(convertAddress('Wenn du möchtest, erzähl mehr.', 'sie')).toBe('Wenn Sie möchten, erzähl mehr.');
    expect(convertAddress('Das ist für dich. Wir sprechen mit dir.', 'sie')).toBe(
      'Das ist für Sie. Wir sprechen mit Ihnen.',
    );
    expect(convertAddress('Nimm dir Zeit.', 'sie')).toBe('Nehmen Sie sich Zeit.');
  });

  it('lists what it cannot convert surely, without a replacement', () => {
    expect(found('Wie heißt du?', 'sie')).toEqual([['du', null]]);
    // A bare 'dich' may be reflexive ('freust du dich'): listed, not converted.
    expect(found('Ich frage dich etwas.', 'sie')).toEqual([['dich', null]]);
    // An imperative in a question is no command.
    expect(found('Gib mal Bescheid?', 'sie')).toEqual([]);
  });

  it('finds nothing in a text that says Sie throughout', () => {
    expect(found('Wie heißen Sie? Bitte geben Sie Ihre Adresse ein.', 'sie')).toEqual([]);
  });
});

describe('a text for du that still says Sie', () => {
  it("converts 'geben Sie' to 'gib', verb pairs, Ihr and Ihnen", () => {
    expect(convertAddress('Bitte geben Sie Ihre E-Mail-Adresse ein.', 'du')).toBe(
      'Bitte gib deine E-Mail-Adresse ein.',
    );
    expect(convertAddress('Haben Sie noch Fragen?', 'du')).toBe('Hast du noch Fragen?');
    expect(convertAddress('Wenn Sie möchten, danken wir Ihnen.', 'du')).toBe(
      'Wenn du möchtest, danken wir dir.',
    );
    expect(convertAddress('Das ist für Sie.', 'du')).toBe('Das ist für dich.');
  });

  it("never flags a sentence's first word: 'Sie', 'Ihr' and 'Ihnen' may be they, her, them there", () => {
    expect(found('Sie haben gewonnen. Ihre Mannschaft auch.', 'du')).toEqual([]);
    expect(found('Die Kinder? Sie spielen. Ihnen geht es gut.', 'du')).toEqual([]);
    expect(found('„Sie kommen bald“, sagte er.', 'du')).toEqual([]);
    // Lower-case 'sie' and 'ihr' are never the form of address.
    expect(found('Wenn sie kommen, ist ihr Hund dabei.', 'du')).toEqual([]);
  });

  it('lists a mid-sentence Sie it cannot convert surely', () => {
    expect(found('Wie heißen Sie?', 'du')).toEqual([['Sie', null]]);
    // A reflexive command keeps its 'sich': listed only.
    expect(found('Bitte melden Sie sich an.', 'du')).toEqual([['Sie', null]]);
  });
});

describe('text contents', () => {
  it('reads text items only: media, links and delays stay as they are', () => {
    const content = serialize([
      { kind: 'delay', ms: 500 },
      { kind: 'text', text: 'Schau dir dein Bild an.' },
      { kind: 'image', source: { filename: 'dein-bild.png' } },
      { kind: 'link', url: 'https://example.org/dir', label: 'Hier' },
    ]);
    expect(contentAddressHits(content, 'sie').map((h) => h.found)).toEqual(['Schau dir', 'dein']);
    expect(convertContentAddress(content, 'sie')).toBe(
      serialize([
        { kind: 'delay', ms: 500 },
        { kind: 'text', text: 'Schauen Sie sich Ihr Bild an.' },
        { kind: 'image', source: { filename: 'dein-bild.png' } },
        { kind: 'link', url: 'https://example.org/dir', label: 'Hier' },
      ]),
    );
  });
});

describe('properties', () => {
  const words = fc.constantFrom(
    'du',
    'dich',
    'dir',
    'dein',
    'deine',
    'Sie',
    'Ihr',
    'Ihre',
    'Ihnen',
    'geben',
    'gib',
    'kannst',
    'können',
    'bitte',
    'Bitte',
    'für',
    'mit',
    'Haus',
    'wir',
    'sie',
    'ihr',
    'Hallo',
    'möchten',
    'möchtest',
    'sich',
  );
  const punctuation = fc.constantFrom(' ', ' ', ' ', ', ', '. ', '? ', '! ', '\n');
  const texts = fc
    .array(fc.tuple(words, punctuation), { maxLength: 14 })
    .map((parts) => parts.map(([w, p]) => w + p).join(''));

  it('hits lie in the text, in order, without overlapping, and say what stands there', () => {
    fc.assert(
      fc.property(texts, fc.constantFrom('du' as const, 'sie' as const), (text, address) => {
        let at = 0;
        for (const h of findOtherAddress(text, address)) {
          expect(h.start).toBeGreaterThanOrEqual(at);
          expect(h.end).toBeGreaterThan(h.start);
          expect(text.slice(h.start, h.end)).toBe(h.found);
          at = h.end;
        }
      }),
    );
  });

  it('a converted text keeps everything outside the hits, and changes nothing without a sure hit', () => {
    fc.assert(
      fc.property(texts, fc.constantFrom('du' as const, 'sie' as const), (text, address) => {
        const sure = findOtherAddress(text, address).filter((h) => h.replacement !== null);
        const converted = convertAddress(text, address);
        if (sure.length === 0) expect(converted).toBe(text);
        const first = sure[0];
        if (first) expect(converted.slice(0, first.start)).toBe(text.slice(0, first.start));
        const last = sure.at(-1);
        if (last) expect(converted.endsWith(text.slice(last.end))).toBe(true);
      }),
    );
  });

  it('a text the rule finds nothing in for one form has no du-words left when converted', () => {
    fc.assert(
      fc.property(texts, (text) => {
        // Converting to Sie never brings in a du-word that was not there.
        const before = findOtherAddress(text, 'sie').length;
        expect(findOtherAddress(convertAddress(text, 'sie'), 'sie').length).toBeLessThanOrEqual(before);
      }),
    );
  });
});
