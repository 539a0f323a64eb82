import { describe, expect, it } from 'vitest';
import { matchBranch } from './matching.ts';

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
