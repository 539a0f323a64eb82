import { describe, expect, it } from 'vitest';
import type { Block } from '../../../contract/blocks.ts';
import { NONE_BRANCH } from '../../../contract/training.ts';
import {
  canTrain,
  cleanExample,
  countLevel,
  fieldError,
  jumpTarget,
  missingExamples,
  orderConfusion,
  percent,
  roundThreshold,
  tooFewToMeasure,
  trainableBlocks,
} from './training-rules.ts';

const block = (fields: Partial<Block> & Pick<Block, 'type' | 'unique_question_id' | 'order'>) =>
  ({ options: [], short_name: '', context: '', ...fields }) as Block;

describe('counter hint', () => {
  it('fewer than 3 needs more, 3 to 9 is ok, 10 or more is good', () => {
    expect([0, 1, 2].map(countLevel)).toEqual(['more', 'more', 'more']);
    expect([3, 9].map(countLevel)).toEqual(['ok', 'ok']);
    expect([10, 25].map(countLevel)).toEqual(['good', 'good']);
  });
  it('counts what is missing to the next level', () => {
    expect(missingExamples(1)).toBe(2);
    expect(missingExamples(3)).toBe(7);
    expect(missingExamples(12)).toBe(0);
  });
});

describe('confusion matrix order', () => {
  it('puts labels in block order and keiner davon last', () => {
    const ordered = orderConfusion(
      {
        labels: [NONE_BRANCH, 'Qualität', 'Preis'],
        matrix: [
          [1, 2, 3],
          [4, 5, 6],
          [7, 8, 9],
        ],
      },
      ['Preis', 'Qualität'],
    );
    expect(ordered.labels).toEqual(['Preis', 'Qualität', NONE_BRANCH]);
    expect(ordered.matrix).toEqual([
      [9, 8, 7],
      [6, 5, 4],
      [3, 2, 1],
    ]);
  });
  it('keeps labels the block no longer has after its branches', () => {
    const ordered = orderConfusion(
      {
        labels: ['alt', NONE_BRANCH, 'Preis'],
        matrix: [
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ],
      },
      ['Preis'],
    );
    expect(ordered.labels).toEqual(['Preis', NONE_BRANCH, 'alt']);
    expect(ordered.matrix[0]).toEqual([1, 0, 0]);
  });
});

describe('helpers', () => {
  it('lists only free-text blocks with branches, in order', () => {
    const blocks = [
      block({ type: 'open_text', unique_question_id: 'b', order: 2, options: ['A'] }),
      block({ type: 'open_text', unique_question_id: 'c', order: 3 }),
      block({ type: 'single_choice', unique_question_id: 'd', order: 4, options: ['A'] }),
      block({ type: 'open_text', unique_question_id: 'a', order: 1, options: ['B'] }),
    ];
    expect(trainableBlocks(blocks).map((b) => b.unique_question_id)).toEqual(['a', 'b']);
  });
  it('names jump targets', () => {
    const blocks = [block({ type: 'message', unique_question_id: 'x', order: 1, short_name: 'Danke' })];
    expect(jumpTarget(null, blocks)).toEqual({ kind: 'next' });
    expect(jumpTarget('end_node_abc', blocks)).toEqual({ kind: 'end' });
    expect(jumpTarget('x', blocks)).toEqual({ kind: 'block', title: 'Danke' });
  });
  it('formats percent and trims examples', () => {
    expect(percent(0.873, 'en')).toBe('87%');
    expect(cleanExample('  ja ')).toBe('ja');
    expect(cleanExample('   ')).toBeNull();
  });
});

describe('threshold slider', () => {
  it('rounds any stored or stepped value to whole percent without float noise', () => {
    expect(roundThreshold(0.2875)).toBe(0.29);
    expect(roundThreshold(0.2875 + 0.05)).toBe(0.34);
    expect(roundThreshold(0.33749999999999997)).toBe(0.34);
    expect(roundThreshold(0.1 + 0.2)).toBe(0.3);
    expect(roundThreshold(-0.01)).toBe(0);
    expect(roundThreshold(1.2)).toBe(1);
    for (let i = 0; i <= 100; i++) expect(String(roundThreshold(i * 0.01)).length).toBeLessThanOrEqual(4);
    expect(percent(roundThreshold(0.2875))).toMatch(/^29\s%$/);
  });
});

describe('refused example texts', () => {
  it('show the server reason at the field for 400 and 409, without the field name', () => {
    expect(fieldError({ status: 400, msg: 'text: höchstens 1000 Zeichen' })).toBe('höchstens 1000 Zeichen');
    expect(fieldError({ status: 409, msg: 'Dieses Beispiel gibt es in diesem Zweig schon.' })).toBe(
      'Dieses Beispiel gibt es in diesem Zweig schon.',
    );
  });
  it('leave other failures to the error alert', () => {
    expect(fieldError({ status: 500, msg: 'kaputt' })).toBeNull();
    expect(fieldError({ status: 0, msg: '' })).toBeNull();
    expect(fieldError({ status: 400, msg: '' })).toBeNull();
    expect(fieldError(new Error('x'))).toBeNull();
    expect(fieldError(null)).toBeNull();
  });
});

describe('training preconditions', () => {
  const branch = (n: number) => ({ examples: Array.from({ length: n }, (_, i) => ({ id: i })) });
  it("needs examples in two branches, 'keiner davon' included", () => {
    expect(canTrain([branch(0), branch(0), branch(0)])).toBe(false);
    expect(canTrain([branch(5), branch(0), branch(0)])).toBe(false);
    expect(canTrain([branch(1), branch(0), branch(1)])).toBe(true);
    expect(canTrain([branch(1), branch(1), branch(0)])).toBe(true);
  });

  it('finds the branches too small to measure, not the ones only predicted', () => {
    // One example each: cross-validation routes both wrong, 0 %.
    expect(
      tooFewToMeasure({
        labels: ['Preis', 'Qualität', NONE_BRANCH],
        matrix: [
          [0, 0, 1],
          [0, 0, 1],
          [0, 0, 0],
        ],
      }),
    ).toEqual(['Preis', 'Qualität']);
    expect(
      tooFewToMeasure({
        labels: ['Preis', 'Qualität', NONE_BRANCH],
        matrix: [
          [2, 0, 1],
          [0, 2, 0],
          [0, 0, 0],
        ],
      }),
    ).toEqual([]);
    expect(
      tooFewToMeasure({
        labels: ['Preis', 'Qualität'],
        matrix: [
          [3, 0],
          [1, 0],
        ],
      }),
    ).toEqual(['Qualität']);
  });
});
