import { describe, expect, it } from 'vitest';
import { contentWords, labelShare, matchBranch } from './matching.ts';

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
});
