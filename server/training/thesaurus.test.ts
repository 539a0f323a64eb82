import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeKey } from '../text/normalise.ts';
import { stem } from '../text/stems.ts';
import { classify, type Example, train } from './classifier.ts';
import { GERMAN_FEATURES, synonymTerms, terms } from './features.ts';
import { synonymGroups } from './thesaurus.ts';

const shared = (a: string, b: string) =>
  synonymGroups(normalizeKey(a)).filter((g) => synonymGroups(normalizeKey(b)).includes(g));

describe('German synonyms from OpenThesaurus', () => {
  it('puts colloquial and formal words of one meaning into a shared group', () => {
    expect(shared('Boss', 'Vorgesetzter')).not.toEqual([]);
    expect(shared('Kohle', 'Geld')).not.toEqual([]);
    expect(shared('Arbeitspensum', 'Arbeitsbelastung')).not.toEqual([]);
    expect(shared('Boss', 'Geld')).toEqual([]);
  });

  it('reads an English word German does not know through its German translations, never a German one', () => {
    expect(shared('Workload', 'Arbeitsbelastung')).not.toEqual([]);
    expect(shared('salary', 'Gehalt')).not.toEqual([]);
    // 'Gift' is German (poison): its English meaning 'Geschenk' must not count.
    expect(shared('Gift', 'Geschenk')).toEqual([]);
  });

  it('finds the groups of inflected forms through their lemma, in the folded spelling of answers', () => {
    expect(shared('Chefs', 'Boss')).not.toEqual([]);
    expect(synonymGroups('aufgabe').length).toBeGreaterThan(0);
    expect(synonymGroups('aufgaben')).toEqual(synonymGroups('aufgabe'));
    expect(synonymGroups('xqzvw')).toEqual([]);
  });

  it('finds a word no dictionary knows by its stem or a stem one typo from it, not a known word', () => {
    expect(shared('Etlassungen', 'Entlassung')).not.toEqual([]);
    expect(shared('kontrplliert', 'kontrolliert')).not.toEqual([]);
    expect(synonymGroups('xqzvwtplk')).toEqual([]);
  });

  it('ships its groups by stem as the stemmer of this version makes them', () => {
    const lines = (file: string) =>
      readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8')
        .split('\n')
        .filter((l) => l !== '' && !l.startsWith('#'));
    const byStem = new Map(
      lines('thesaurus-de-stems.txt').map((l) => [l.split(' ')[0]!, l.split(' ').slice(1)]),
    );
    lines('thesaurus-de.txt').forEach((line, group) => {
      if (group % 50 !== 0) return;
      for (const word of line.split(' ')) expect(byStem.get(stem(word, 'de')), word).toContain(String(group));
    });
  });

  it('gives synonym terms for content words and compound parts of German answers only', () => {
    expect(synonymTerms('ist', 'de', GERMAN_FEATURES)).toEqual([]);
    expect(synonymTerms('chef', 'en', GERMAN_FEATURES)).toEqual([]);
    const chef = synonymTerms('chef', 'de', GERMAN_FEATURES);
    expect(chef.length).toBeGreaterThan(0);
    expect(terms('Der Chef', 'de', GERMAN_FEATURES)).toEqual(expect.arrayContaining(chef));
    // 'Abteilungschef' is not in the thesaurus; its part 'chef' is.
    expect(terms('Abteilungschef', 'de', GERMAN_FEATURES)).toEqual(expect.arrayContaining(chef));
    expect(terms('Der Chef', 'de', { ...GERMAN_FEATURES, synonyms: false })).not.toEqual(
      expect.arrayContaining(chef),
    );
    expect(terms('the boss', 'en', { ...GERMAN_FEATURES }).some((t) => t.startsWith('s '))).toBe(false);
  });

  it('routes answers in words no example uses to the branch of their synonyms', () => {
    const examples: Example[] = Object.entries({
      Führung: [
        'Mein Vorgesetzter hört nicht zu',
        'Der Chef entscheidet alles allein',
        'Die Leitung informiert uns zu spät',
      ],
      Bezahlung: ['Das Gehalt ist zu niedrig', 'Der Lohn reicht nicht zum Leben', 'Mehr Geld wäre fair'],
      Arbeitsmenge: [
        'Zu viele Aufgaben auf einmal',
        'Die Arbeitsbelastung ist enorm',
        'Ich schaffe mein Pensum nicht',
      ],
    }).flatMap(([label, texts]) => texts.map((text) => ({ label, text })));
    const model = train(examples, { language: 'de' });
    expect(classify(model, 'Der Boss nervt').label).toBe('Führung');
    expect(classify(model, 'die Kohle stimmt nicht').label).toBe('Bezahlung');
    expect(classify(model, 'Entlohnung mies').label).toBe('Bezahlung');
    expect(classify(model, 'workload viel zu hoch').label).toBe('Arbeitsmenge');
    const without = train(examples, { language: 'de', features: { synonyms: false } });
    expect(classify(without, 'Der Boss nervt').label).not.toBe('Führung');
  });
});
