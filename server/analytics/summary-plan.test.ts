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
    // Costs: 10 shown-to counts (1 each), 9 answer reads with medians (0.2 each; multiple choice 3.5,
    // Likert and number 2.1, free text 2.7, date 6.8, the others 1.2), the overall figures 6:
    // 10 + 9 * 0.2 + 3.5 + 3 * 2.1 + 2.7 + 6.8 + 3 * 1.2 + 6 = 40.7 in all.
    const answers: Record<string, number> = {
      multiple_choice: 3.5,
      likert: 2.1,
      number: 2.1,
      open_text: 2.7,
      date: 6.8,
    };
    const cost = (p: typeof a) =>
      p!.reached.length +
      p!.stats.reduce((s, x) => s + 0.2 + (answers[x.type] ?? 1.2), 0) +
      (p!.overall ? 6 : 0);
    expect(cost(a) + cost(b)).toBeCloseTo(40.7);
    expect(Math.abs(cost(a) - cost(b))).toBeLessThanOrEqual(1);
  });

  it('has one pass with the overall figures for a dialog without blocks', () => {
    expect(summaryPasses([], type, input)).toEqual([{ reached: [], stats: [], overall: true }]);
  });
});
