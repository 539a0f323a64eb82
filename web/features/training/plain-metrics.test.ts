import { describe, expect, it } from 'vitest';
import { confusedWith, rightOfAll } from './plain-metrics.ts';

const confusion = {
  labels: ['Preis', 'Qualität', 'none'],
  matrix: [
    [3, 0, 1],
    [1, 2, 2],
    [0, 0, 0],
  ],
};

describe('plain metrics', () => {
  it('counts the examples routed right', () => {
    expect(rightOfAll(confusion)).toEqual({ right: 5, all: 9 });
  });

  it('names per branch the branch its examples were most often taken for', () => {
    expect(confusedWith(confusion)).toEqual([
      { branch: 'Preis', with: 'none', count: 1 },
      { branch: 'Qualität', with: 'none', count: 2 },
    ]);
  });
});
