import { describe, expect, it } from 'vitest';
import { READABLE_ZOOM, readableFit } from './readable-fit.ts';

const column = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    position: { x: 0, y: i * 200 },
    measured: { width: 240, height: 140 },
  }));

describe('readable fit', () => {
  it('fits a small dialog whole, never below the readable zoom', () => {
    const nodes = column(4);
    expect(readableFit(nodes, nodes, 1366, 800)).toEqual({
      minZoom: READABLE_ZOOM,
      maxZoom: 1,
      padding: 0.1,
    });
  });

  it('fits a big dialog’s start: the first nodes that fit at a readable zoom, in order', () => {
    const nodes = column(500);
    const fit = readableFit(nodes, nodes, 1366, 800);
    expect(fit.minZoom).toBe(READABLE_ZOOM);
    // 800 px at zoom 0.7 with 10 % padding hold about 1020 graph px: five 200 px rows (the fifth ends at 940).
    expect(fit.nodes).toEqual(['n0', 'n1', 'n2', 'n3', 'n4'].map((id) => ({ id })));
  });

  it('keeps at least the start even when it alone does not fit, and copes with an empty or unsized view', () => {
    const huge = [{ id: 's', position: { x: 0, y: 0 }, measured: { width: 5000, height: 5000 } }];
    expect(readableFit(huge, huge, 390, 600).nodes).toEqual([{ id: 's' }]);
    expect(readableFit([], [], 1366, 800).nodes).toBeUndefined();
    expect(readableFit(column(500), column(500), 0, 0).nodes).toBeUndefined();
  });
});
