import { describe, expect, it } from 'vitest';
import { detectLanguage, stem, tokens } from '../text/stems.ts';
import { DEFAULT_FEATURES, fitVocabulary, terms, vectorize } from './features.ts';

describe('text', () => {
  it('folds case, umlauts, ß and punctuation so spelling variants meet', () => {
    expect(tokens('Märchen, MAERCHEN & marchen!')).toEqual(['marchen', 'marchen', 'marchen']);
    expect(tokens('Straße')).toEqual(['strasse']);
    expect(tokens('ﬁnde ＡＢＣ')).toEqual(['finde', 'abc']);
    expect(tokens('  ...  ')).toEqual([]);
  });

  it('stems German and English words', () => {
    expect(stem('kundigungen', 'de')).toBe(stem('kundigung', 'de'));
    expect(stem('preise', 'de')).toBe(stem('preis', 'de'));
    expect(stem('computers', 'en')).toBe(stem('computer', 'en'));
    expect(stem('2024', 'de')).toBe('2024');
  });

  it('guesses the language from function words', () => {
    expect(detectLanguage(['Ich möchte den Vertrag kündigen', 'Das ist mir zu teuer'])).toBe('de');
    expect(detectLanguage(['I want to cancel my contract', 'It is too expensive for me'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
  });
});

describe('features', () => {
  it('has stemmed word uni- and bi-grams and character n-grams inside word boundaries', () => {
    const t = terms('Zu teuer', 'de', { charNgrams: [2, 3], charWeight: 1 });
    // 'teuer' is 'teur' once ue = u.
    const teuer = stem('teur', 'de');
    expect(t).toContain('w zu');
    expect(t).toContain(`w ${teuer}`);
    expect(t).toContain(`w zu ${teuer}`);
    expect(t).toContain('c  t');
    expect(t).toContain('c ur ');
    // No character n-gram spans two words.
    expect(t.filter((x) => x.startsWith('c ') && x.slice(2).trim().includes(' '))).toEqual([]);
  });

  it('weights by sublinear TF-IDF with each group at the set length', () => {
    const lists = ['zu teuer', 'viel zu teuer teuer', 'super service'].map((s) =>
      terms(s, 'de', DEFAULT_FEATURES),
    );
    const vocabulary = fitVocabulary(lists);
    const x = vectorize(lists[1]!, vocabulary, { charWeight: 3 });
    let word = 0;
    let char = 0;
    x.index.forEach((f, k) => {
      if (vocabulary.group[f] === 1) char += x.value[k]! ** 2;
      else word += x.value[k]! ** 2;
    });
    expect(word).toBeCloseTo(1, 10);
    expect(char).toBeCloseTo(9, 10);
    // Rarer terms weigh more: 'viel' occurs once, 'zu' twice.
    const at = (term: string) => x.value[[...x.index].indexOf(vocabulary.index.get(term)!)]!;
    expect(at('w viel')).toBeGreaterThan(at('w zu'));
    // Unknown words give an empty vector.
    expect(vectorize(terms('qqq', 'de', DEFAULT_FEATURES), vocabulary, { charWeight: 3 }).index.length).toBe(
      0,
    );
  });
});
