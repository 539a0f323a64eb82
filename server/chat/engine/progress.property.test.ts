import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BlockSpec, testDialog } from '../../test/chat-fixtures.ts';
import { END, reply, start } from '../../test/engine-play.ts';
import type { EngineResult, PreparedDialog } from './types.ts';

/**
 * The progress indicator along any path of any dialog: random blocks with random jumps (loops, jumps
 * back, jumps to the end), played with random answers and skips: the figure never drops, stays within
 * 0..100, and is 100 once the dialog ends. Without the setting there is none.
 */

const TYPES = ['message', 'open_text', 'single_choice', 'email', 'end'] as const;

/** A dialog of n blocks; a target is a block index, 'END', or null (the default way on). */
const dialogArb = fc.integer({ min: 1, max: 8 }).chain((n) => {
  const target = fc.oneof(fc.constant(null), fc.constant('END'), fc.integer({ min: 0, max: n - 1 }));
  const block = fc.record({
    type: fc.constantFrom(...TYPES),
    jumps: fc.tuple(target, target),
    next: target,
    optional: fc.constantFrom(0, 1),
  });
  return fc.array(block, { minLength: n, maxLength: n });
});

function specsOf(
  blocks: { type: (typeof TYPES)[number]; jumps: unknown[]; next: unknown; optional: number }[],
) {
  const id = (t: unknown) => (t === null ? null : t === 'END' ? END : `b${t}`);
  return blocks.map((b, i): BlockSpec => {
    const spec: BlockSpec = {
      id: `b${i}`,
      type: b.type,
      context: `Block ${i}`,
      jump_to_question: id(b.next),
    };
    if (b.type === 'single_choice') {
      Object.assign(spec, { options: ['A', 'B'], jump_to_ids: b.jumps.map(id), optional: b.optional });
    } else if (b.type !== 'message' && b.type !== 'end') spec.optional = b.optional;
    return spec;
  });
}

/** Answers what is asked: option `pick` (or a text), skipping when `skip` and the question allows it. */
function step(d: PreparedDialog, prev: EngineResult, pick: number, skip: boolean): EngineResult {
  const input = prev.input!;
  const answer = input.type === 'single_choice' ? input.options[pick % input.options.length]! : 'a@b.de';
  return reply(d, prev, answer, undefined, skip && input.skip !== null);
}

describe('progress', () => {
  it('never moves backwards along any path, and ends at 100', () => {
    fc.assert(
      fc.property(
        dialogArb,
        fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 30 }),
        (blocks, moves) => {
          const d = testDialog(specsOf(blocks), { progress: true });
          let r = start(d);
          let last = 0;
          const seen = (res: EngineResult) => {
            const p = res.state.progress ?? 0;
            expect(p).toBeGreaterThanOrEqual(last);
            expect(p).toBeLessThanOrEqual(100);
            if (res.input) expect(res.input.progress).toBe(p);
            if (res.finished) expect(p).toBe(100);
            last = p;
          };
          seen(r);
          for (const [pick, skip] of moves) {
            if (!r.input) break;
            r = step(d, r, pick, skip);
            seen(r);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts the longest way ahead: a short branch moves the bar further than a long one', () => {
    const d = testDialog(
      [
        { id: 'q1', type: 'single_choice', options: ['kurz', 'lang'], jump_to_ids: ['s1', 'l1'] },
        { id: 'l1', type: 'open_text' },
        { id: 'l2', type: 'open_text' },
        { id: 'l3', type: 'open_text', jump_to_question: END },
        { id: 's1', type: 'open_text' },
      ],
      { progress: true },
    );
    const first = start(d);
    // The longest way from the start asks four questions: q1, l1, l2, l3.
    expect(first.input?.progress).toBe(0);
    const short = step(d, first, 0, false);
    const long = step(d, first, 1, false);
    expect(short.input?.progress).toBe(75);
    expect(long.input?.progress).toBe(25);
    expect(step(d, short, 0, false)).toMatchObject({ finished: true, state: { progress: 100 } });
  });

  it('is null without the setting, and the state keeps no figure', () => {
    const d = testDialog([{ id: 'q1', type: 'open_text' }]);
    const r = start(d);
    expect(r.input?.progress).toBeNull();
    expect(r.state.progress).toBeUndefined();
  });
});
