import { describe, expect, it } from 'vitest';
import { freeSpotBelow, PLACEMENT_GAP } from './placement.ts';

/** Where a new block goes in the graph (create and copy): below its anchor, over no node. */

const gap = PLACEMENT_GAP;
const rect = (x: number, y: number, height = 112, width = 240) => ({ x, y, width, height });

describe('freeSpotBelow', () => {
  it('centres the node one gap below its anchor when that is free', () => {
    expect(freeSpotBelow(rect(0, 100, 200), { width: 240, height: 84 }, [rect(0, 100, 200)])).toEqual({
      x: 0,
      y: 100 + 200 + gap,
    });
    // Below the start marker (140 wide): centred under it.
    expect(freeSpotBelow({ x: 0, y: 0, width: 140, height: 40 }, { width: 240, height: 84 }, [])).toEqual({
      x: -50,
      y: 40 + gap,
    });
  });

  it('goes below every node in the way, also a tall one above a short one', () => {
    const anchor = rect(0, 0, 176);
    const next = rect(0, 250, 84);
    const tall = rect(100, 200, 500);
    const spot = freeSpotBelow(anchor, { width: 240, height: 84 }, [anchor, next, tall]);
    expect(spot).toEqual({ x: 0, y: 700 + gap });
    // Nodes beside the column do not count.
    expect(freeSpotBelow(anchor, { width: 240, height: 84 }, [rect(600, 200)])).toEqual({
      x: 0,
      y: 176 + gap,
    });
  });

  it('keeps a gap and returns whole numbers', () => {
    const spot = freeSpotBelow(rect(0.4, 10.2, 84.3), { width: 240, height: 84 }, [rect(0, 150.6, 10)]);
    expect(Number.isInteger(spot.x) && Number.isInteger(spot.y)).toBe(true);
    expect(spot.y).toBeGreaterThanOrEqual(150.6 + 10 + gap);
  });
});
