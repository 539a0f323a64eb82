import { describe, expect, it } from 'vitest';
import { contentWords, labelShare, matchBranch, normalizeKey } from './matching.ts';

describe('labelShare', () => {
  const share = (label: string, answer: string) => labelShare(contentWords(label), contentWords(answer));

  it('is the part of the label whose words the answer names, longer forms included', () => {
    expect(share('Preis', 'Die Preise sind zu hoch')).toBe(1);
    expect(share('Sync Accounts', 'Google Contact Synchronization')).toBe(0.5);
    expect(share('Filter Spam', 'How can I filter spam?')).toBe(1);
    expect(share('Kundenservice', 'Der Kunde ist König')).toBe(1);
    expect(share('Preis', 'Der Service war schlecht')).toBe(0);
  });

  it('gives labels of function words only, and empty labels, nothing', () => {
    expect(share('Ja', 'ja klar')).toBe(0);
    expect(share('', 'irgendwas')).toBe(0);
    expect(share('Preis', '')).toBe(0);
  });

  it('does not match short words by their beginning', () => {
    expect(share('Bus', 'Business')).toBe(0);
  });

  it('forgives one typo in words of six letters or more that begin alike', () => {
    expect(share('Lieferung', 'Probleme mit der Liefrung')).toBe(1);
    expect(share('Lieferung', 'lieferugn dauert')).toBe(1);
    expect(share('Lieferung', 'Lieferxung')).toBe(1);
    expect(share('Rechnung', 'Rechnunk falsch')).toBe(1);
    expect(share('Sync Accounts', 'acounts')).toBe(0.5);
  });

  it('does not take neighbouring words for typos', () => {
    expect(share('Preis', 'Reise')).toBe(0);
    expect(share('Kunde', 'Runde')).toBe(0);
    expect(share('Kosten', 'Posten')).toBe(0);
    expect(share('Lieferung', 'Liefrng')).toBe(0);
    expect(share('Versand', 'Verstandnis')).toBe(0);
  });
});

describe('matchBranch', () => {
  it('routes by the largest share and takes none on a tie or no shared word', () => {
    expect(matchBranch(['Preis', 'Service'], 'Die Preise sind zu hoch')).toEqual({
      branch: 0,
      confidence: 1,
    });
    expect(matchBranch(['Preis', 'Service'], 'service')).toEqual({ branch: 1, confidence: 1 });
    expect(matchBranch(['Preis', 'Service'], 'Preis und Service')).toEqual({ branch: null, confidence: 0 });
    expect(matchBranch(['Preis', 'Service'], 'Umzug')).toEqual({ branch: null, confidence: 0 });
  });

  it('routes an answer with a typo in a label word', () => {
    expect(matchBranch(['Lieferung', 'Rechnung'], 'die liefreung kam zu spät')).toEqual({
      branch: 0,
      confidence: 1,
    });
  });
});

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
