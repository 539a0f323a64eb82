import { describe, expect, it } from 'vitest';
import { detectLanguage, stem, tokens } from '../text/stems.ts';
import { DEFAULT_FEATURES, fitVocabulary, GERMAN_FEATURES, terms, vectorize } from './features.ts';

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

  it('takes character n-grams across words when asked (German), so a compound written apart still matches', () => {
    const options = { charNgrams: [2, 4] as [number, number], charWeight: 1, charsAcrossWords: true };
    const t = terms('Arbeits menge', 'de', options);
    expect(t).toContain('c s m');
    expect(t).toContain('c ts m');
    // The n-grams inside each word are there as before, the spaces around the text too.
    expect(t).toContain('c  ar');
    expect(t).toContain('c nge ');
    expect(terms('Arbeits menge', 'de', { ...options, charsAcrossWords: false })).not.toContain('c s m');
    expect(GERMAN_FEATURES.charsAcrossWords).toBe(true);
    expect(DEFAULT_FEATURES.charsAcrossWords).toBeUndefined();
  });

  it('raises the smoothed IDF to idfPower', () => {
    const lists = [['w a', 'w b'], ['w a'], ['w a']];
    const plain = fitVocabulary(lists);
    const squared = fitVocabulary(lists, { idfPower: 2 });
    const b = plain.index.get('w b')!;
    expect(plain.idf[b]).toBeCloseTo(Math.log(4 / 2) + 1, 10);
    expect(squared.idf[b]).toBeCloseTo((Math.log(4 / 2) + 1) ** 2, 10);
    // A term of every text keeps IDF 1 either way.
    expect(squared.idf[plain.index.get('w a')!]).toBeCloseTo(1, 10);
    expect(GERMAN_FEATURES.idfPower).toBe(2);
  });
});
