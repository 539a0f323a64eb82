import { describe, expect, it } from 'vitest';
import { stem } from '../text/stems.ts';
import { classify, type Example, train } from './classifier.ts';
import { GERMAN_FEATURES, terms } from './features.ts';

const branches = (sets: Record<string, string[]>): Example[] =>
  Object.entries(sets).flatMap(([label, texts]) => texts.map((text) => ({ label, text })));

const german = branches({
  Rechnung: ['Die Rechnung war falsch', 'Doppelt abgebucht', 'Versteckte Gebühren auf der Rechnung'],
  Netz: ['Kein Empfang zu Hause', 'Das Netz ist schlecht', 'Mobiles Internet zu langsam'],
  'keiner davon': ['Keine Ahnung', 'Weiß ich nicht', 'Dazu sage ich nichts', 'Egal', 'Kein Kommentar'],
});

describe('German spelling of respondents', () => {
  it('spells out chat abbreviations in the features of German models only', () => {
    expect(terms('k.A.', 'de', GERMAN_FEATURES)).toContain(`w ${stem('ahnung', 'de')}`);
    expect(terms('k.A.', 'en', GERMAN_FEATURES)).not.toContain(`w ${stem('ahnung', 'de')}`);
    expect(classify(train(german), 'k.A.').label).toBeNull();
  });

  it('reads an unknown word one typo from a word of the examples as that word when asked to', () => {
    const plain = train(german, { features: { correctTypos: false } });
    const correcting = train(german, { features: { correctTypos: true } });
    const confidence = (model: typeof plain) =>
      classify(model, 'rechnugn').ranking.find((r) => r.label === 'Rechnung')!.confidence;
    expect(classify(correcting, 'rechnugn').label).toBe('Rechnung');
    expect(confidence(correcting)).toBeGreaterThan(confidence(plain));
  });

  it('has word terms of content words only, with their dictionary lemmas', () => {
    const options = { ...GERMAN_FEATURES, contentTerms: true, lemmas: true };
    const t = terms('Die Rechnungen zahlte ich nicht', 'de', options);
    expect(t).not.toContain(`w ${stem('die', 'de')}`);
    expect(t).toContain(`w ${stem('rechnungen', 'de')} ${stem('zahlte', 'de')}`);
    expect(t).toContain(`w ${stem('zahlen', 'de')}`);
    // An answer sharing only a function word with the examples is still known by its form.
    expect(train(german, { features: options }).functionWords).toContain('ich');
    expect(train(german).functionWords).toBeUndefined();
  });
});
