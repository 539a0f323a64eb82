import { describe, expect, it } from 'vitest';
import { normalizeKey } from '../text/normalise.ts';
import { stem } from '../text/stems.ts';
import { classify, type Example, train } from './classifier.ts';
import { terms } from './features.ts';
import { compoundParts, lemma } from './morphology.ts';

const key = normalizeKey;

describe('German morphology from the Hunspell dictionary', () => {
  it('finds the lemma of inflected forms, in the folded spelling of the answers', () => {
    expect(lemma(key('zahlte'))).toBe('zahlen');
    expect(lemma(key('Vertrag'))).toBe(key('Vertrag'));
    expect(lemma('xqzvw')).toBeUndefined();
  });

  it('splits compounds into known words, with umlauts written either way and a linking s', () => {
    expect(compoundParts(key('Kundenservice')).at(-1)).toBe('service');
    expect(compoundParts(key('Arbeitsmenge'))).toEqual(['arbeit', 'menge']);
    expect(compoundParts(key('Wartezeit')).at(-1)).toBe('zeit');
    expect(compoundParts(key('Überstunden'))).toEqual(compoundParts(key('Ueberstunden')));
    expect(compoundParts(key('Überstunden')).at(-1)).toBe('stunden');
    expect(compoundParts(key('Handyvertrag'))).toEqual(['handy', 'vertrag']);
    // Words the dictionary knows whole, short words and unknown ones stay as they are.
    expect(compoundParts(key('Vertrag'))).toEqual([]);
    expect(compoundParts('netz')).toEqual([]);
    expect(compoundParts('asdfjkl')).toEqual([]);
  });

  it('gives compound parts as word terms of German answers only', () => {
    const features = { charNgrams: [2, 5] as [number, number], charWeight: 1, compounds: true };
    expect(terms('Arbeitsmenge', 'de', features)).toContain(`w ${stem('menge', 'de')}`);
    expect(terms('Arbeitsmenge', 'de', { ...features, compounds: false })).not.toContain(
      `w ${stem('menge', 'de')}`,
    );
    expect(terms('workload', 'en', features).filter((t) => t.startsWith('w '))).toEqual(['w workload']);
  });

  it('routes an answer naming a part of a branch label, and a part of an example word', () => {
    const examples: Example[] = Object.entries({
      'Arbeitsmenge & Zeitdruck': ['zu viel zu tun', 'ständig Überstunden', 'kaum Pausen'],
      'Führung & Vorgesetzte': [
        'mein Chef ist unfair',
        'keine Anerkennung von oben',
        'schlechtes Management',
      ],
      'keiner davon': ['weiß nicht', 'nichts', 'alles gut', 'keine Angabe', 'egal'],
    }).flatMap(([label, texts]) => texts.map((text) => ({ label, text })));
    const model = train(examples, { features: { compounds: true } });
    expect(classify(model, 'der Druck ist enorm').label).toBe('Arbeitsmenge & Zeitdruck');
    expect(classify(model, 'die Menge an Aufgaben').label).toBe('Arbeitsmenge & Zeitdruck');
    expect(classify(model, 'die Chefetage').label).toBe('Führung & Vorgesetzte');
    const plain = train(examples, { features: { compounds: false } });
    expect(classify(plain, 'der Druck ist enorm').label).not.toBe('Arbeitsmenge & Zeitdruck');
  });
});
