import { describe, expect, it } from 'vitest';
import { contentWords } from './normalise.ts';
import { labelShare } from './word-match.ts';

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
