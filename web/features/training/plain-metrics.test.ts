import { describe, expect, it } from 'vitest';
import { NONE_BRANCH } from '../../../contract/training.ts';
import { confusedExamples, confusedWith, rightOfAll, thresholdEffect } from './plain-metrics.ts';

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

  it('counts what a threshold does to the examples: right, sent to keiner davon, misrouted', () => {
    const routes = [
      { expected: 'Preis', top: 'Preis', limit: 0.8 },
      { expected: 'Preis', top: 'Qualität', limit: 0.5 },
      { expected: 'Qualität', top: 'Qualität', limit: 0.4 },
      { expected: NONE_BRANCH, top: 'Preis', limit: 0.35 },
      { expected: NONE_BRANCH, top: NONE_BRANCH, limit: 0.9 },
      // Never taken (unknown answer or the margin): 'keiner davon' at every threshold.
      { expected: 'Qualität', top: 'Qualität', limit: -1 },
    ];
    expect(thresholdEffect(routes, 0)).toEqual({ right: 3, toNone: 1, misrouted: 2, all: 6 });
    expect(thresholdEffect(routes, 0.4)).toEqual({ right: 4, toNone: 1, misrouted: 1, all: 6 });
    expect(thresholdEffect(routes, 0.45)).toEqual({ right: 3, toNone: 2, misrouted: 1, all: 6 });
    expect(thresholdEffect(routes, 0.9)).toEqual({ right: 2, toNone: 4, misrouted: 0, all: 6 });
    expect(thresholdEffect([], 0.5)).toEqual({ right: 0, toNone: 0, misrouted: 0, all: 0 });
  });

  it('lists the examples of a branch taken for another', () => {
    const misrouted = [
      { text: 'a', expected: 'Preis', predicted: 'Qualität' },
      { text: 'b', expected: 'Preis', predicted: NONE_BRANCH },
      { text: 'c', expected: 'Preis', predicted: 'Qualität' },
    ];
    expect(confusedExamples(misrouted, 'Preis', 'Qualität')).toEqual(['a', 'c']);
  });
});
