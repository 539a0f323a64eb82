import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { overlapping } from '../../../../contract/test-data.ts';
import { type LayoutBox, type LayoutLink, layeredPositions } from './layered-layout.ts';

const GAP = { x: 40, y: 60 };

/** Random dialogs: boxes of block-like sizes, links anywhere (forward, back, onto itself). */
const graphs = fc.integer({ min: 1, max: 25 }).chain((n) =>
  fc.record({
    boxes: fc.tuple(
      ...Array.from({ length: n }, (_, i) =>
        fc.record({
          id: fc.constant(`n${i}`),
          width: fc.integer({ min: 40, max: 300 }),
          height: fc.integer({ min: 20, max: 400 }),
        }),
      ),
    ),
    links: fc.array(
      fc.record({
        source: fc.integer({ min: 0, max: n - 1 }).map((i) => `n${i}`),
        target: fc.integer({ min: 0, max: n - 1 }).map((i) => `n${i}`),
      }),
      { maxLength: n * 2 },
    ),
  }),
);

const order = (id: string) => Number(id.slice(1));

describe('layered positions', () => {
  it('never overlaps, puts each forward link’s target in a lower layer, and is deterministic', () => {
    fc.assert(
      fc.property(graphs, ({ boxes, links }: { boxes: LayoutBox[]; links: LayoutLink[] }) => {
        const at = layeredPositions(boxes, links, GAP);
        expect(at.size).toBe(boxes.length);
        expect(overlapping(boxes.map((b) => ({ ...b, ...at.get(b.id)! })))).toEqual([]);
        const height = new Map(boxes.map((b) => [b.id, b.height]));
        for (const l of links) {
          if (order(l.target) <= order(l.source)) continue; // a way back (loop)
          expect(at.get(l.target)!.y).toBeGreaterThanOrEqual(at.get(l.source)!.y + height.get(l.source)!);
        }
        expect(layeredPositions(boxes, links, GAP)).toEqual(at);
      }),
      { numRuns: 60 },
    );
  });

  it('puts two ways out of one node side by side, one layer down, and joins them below', () => {
    const boxes = ['s', 'q', 'x', 'y', 'z'].map((id) => ({ id, width: 240, height: 100 }));
    const at = layeredPositions(
      boxes,
      [
        { source: 's', target: 'q' },
        { source: 'q', target: 'x' },
        { source: 'q', target: 'y' },
        { source: 'x', target: 'z' },
        { source: 'y', target: 'z' },
        { source: 'z', target: 'q' },
      ],
      GAP,
    );
    expect(at.get('x')!.y).toBe(at.get('y')!.y);
    expect(Math.abs(at.get('x')!.x - at.get('y')!.x)).toBeGreaterThanOrEqual(240 + GAP.x);
    expect(at.get('q')!.y).toBe(at.get('s')!.y + 100 + GAP.y);
    expect(at.get('z')!.y).toBe(at.get('x')!.y + 100 + GAP.y);
  });

  it('keeps a node nothing earlier leads to below the node before it', () => {
    const boxes = ['a', 'b', 'c'].map((id) => ({ id, width: 100, height: 50 }));
    const at = layeredPositions(boxes, [{ source: 'c', target: 'b' }], GAP);
    expect(at.get('b')!.y).toBeGreaterThan(at.get('a')!.y);
    expect(at.get('c')!.y).toBeGreaterThan(at.get('b')!.y);
  });
});
