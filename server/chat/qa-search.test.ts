import { describe, expect, it } from 'vitest';
import { QA_MIN_SCORE } from './engine/types.ts';
import { buildQaIndex } from './qa-search.ts';

const pairs = [
  { question: 'Wie lange dauert die Umfrage?', answer: 'Etwa fünf Minuten.' },
  { question: 'Was passiert mit meinen Daten?', answer: 'Sie werden anonym ausgewertet.' },
  { question: 'Gibt es Ermäßigungen für Studierende?', answer: 'Ja, mit Ausweis die Hälfte.' },
  { question: 'Welche Kosten entstehen?', answer: 'Die Teilnahme ist kostenlos.' },
  { question: 'Wo finde ich einen Parkplatz?', answer: 'image:file:plan.png§§Hinter dem Haus.' },
];
const index = buildQaIndex(pairs, 'de');

/** The pair that answers a question, or null when the bot says it has none. */
function answered(question: string): number | null {
  const best = index.search(question, 3)[0];
  return best && best.score >= QA_MIN_SCORE ? best.pair : null;
}

describe('Q&A search', () => {
  it.each([
    ['Wie lange dauert das?', 0],
    ['DAUER?', 0],
    ['Werden meine Daten gespeichert?', 1],
    // Umlauts and ß written out, another inflection.
    ['ermaessigung', 2],
    ['Ermässigungen', 2],
    // Stemming and forms: Kosten / kostet.
    ['Was kostet das?', 3],
    ['Gibt es Parkplätze?', 4],
    // A typo.
    ['parkplaz', 4],
    ['Wo kann ich parken, gibt es einen Parkplaz?', 4],
  ])('%s finds pair %i', (question, pair) => {
    expect(answered(question)).toBe(pair);
  });

  it.each([
    'Wie wird das Wetter morgen?',
    'Kann ich meinen Hund mitbringen?',
    'Wer bist du?',
    '???',
    '',
    // Only 'gibt' in common with the Ermäßigungen pair, a verb that says nothing about the topic.
    'Gibt es eine Kantine?',
  ])('an unrelated question (%s) has no answer', (question) => {
    expect(answered(question)).toBeNull();
  });

  it('media markers of an answer are no words of it', () => {
    expect(index.search('image file png', 3)).toEqual([]);
  });

  it('gives at most the asked number of hits, best first, with scores up to 1', () => {
    const hits = index.search('Parkplatz Kosten Daten Umfrage', 2);
    expect(hits).toHaveLength(2);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
    for (const h of index.search('Wie lange dauert die Umfrage?', 5)) {
      expect(h.score).toBeGreaterThan(0);
      expect(h.score).toBeLessThanOrEqual(1);
    }
  });

  it('stems English in an English dialog', () => {
    const en = buildQaIndex(
      [
        { question: 'How long does the survey take?', answer: 'About five minutes.' },
        { question: 'Is parking available?', answer: 'Behind the house.' },
      ],
      'en',
    );
    expect(en.search('Where can I park?', 1)[0]).toMatchObject({ pair: 1 });
    expect(en.search('duration of surveys', 1)[0]).toMatchObject({ pair: 0 });
  });

  it('a block without pairs finds nothing', () => {
    expect(buildQaIndex([], 'de').search('Wie lange?', 3)).toEqual([]);
  });
});
