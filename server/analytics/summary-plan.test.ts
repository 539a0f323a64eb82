import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summaryPasses } from './summary-plan.ts';

type B = { id: string; type: string };
const input = (b: B) => b.type !== 'message';
const type = (b: B) => b.type;

describe('summaryPasses', () => {
  it('puts every block into exactly one pass per figure, and the overall figures into one pass', () => {
    const types = ['message', 'single_choice', 'multiple_choice', 'likert', 'number', 'date', 'open_text'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...types), { maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        (ts, n) => {
          const blocks = ts.map((t, i) => ({ id: `b${i}`, type: t }));
          const passes = summaryPasses(blocks, type, input, n);
          expect(passes.length).toBeGreaterThanOrEqual(1);
          expect(passes.length).toBeLessThanOrEqual(n);
          expect(passes.filter((p) => p.overall)).toHaveLength(1);
          const reached = passes.flatMap((p) => p.reached.map((b) => b.id)).sort();
          const stats = passes.flatMap((p) => p.stats.map((b) => b.id)).sort();
          expect(reached).toEqual(blocks.map((b) => b.id).sort());
          expect(stats).toEqual(
            blocks
              .filter(input)
              .map((b) => b.id)
              .sort(),
          );
        },
      ),
    );
  });

  it('splits the bench dialog into two passes of about equal cost', () => {
    const blocks: B[] = [
      'message',
      'single_choice',
      'multiple_choice',
      'likert',
      'number',
      'open_text',
      'date',
      'likert',
      'email',
      'single_choice',
    ].map((t, i) => ({ id: `b${i}`, type: t }));
    const [a, b] = summaryPasses(blocks, type, input);
    // Costs: 10 shown-to counts (1 each), 9 answer reads with medians (1.5; multiple choice 2.7; Likert,
    // number, date 1.8), the overall figures 2: 10 + 9 * 1.5 + 1.2 + 4 * 0.3 + 2 = 27.9 in all.
    const cost = (p: typeof a) =>
      p!.reached.length +
      p!.stats.reduce(
        (s, x) =>
          s +
          0.5 +
          (x.type === 'multiple_choice' ? 2.2 : ['likert', 'number', 'date'].includes(x.type) ? 1.3 : 1),
        0,
      ) +
      (p!.overall ? 2 : 0);
    expect(cost(a) + cost(b)).toBeCloseTo(27.9);
    expect(Math.abs(cost(a) - cost(b))).toBeLessThanOrEqual(1);
  });

  it('has one pass with the overall figures for a dialog without blocks', () => {
    expect(summaryPasses([], type, input)).toEqual([{ reached: [], stats: [], overall: true }]);
  });
});
