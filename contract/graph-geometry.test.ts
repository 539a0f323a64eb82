import { describe, expect, it } from 'vitest';
import { defaultBlockContent } from './block-edits.ts';
import { blockNodeSize, GRAPH_GEOMETRY, isDefaultEndPosition } from './graph-geometry.ts';

describe('blockNodeSize', () => {
  it('grows with the options of option types only', () => {
    const likert = blockNodeSize(defaultBlockContent('likert'));
    const number = blockNodeSize(defaultBlockContent('number'));
    expect(number).toEqual({ width: 240, height: GRAPH_GEOMETRY.blockHead + GRAPH_GEOMETRY.blockFoot });
    expect(likert.height).toBe(
      number.height + defaultBlockContent('likert').options.length * GRAPH_GEOMETRY.option,
    );
    expect(blockNodeSize({ type: 'message', options: ['x'] }).height).toBe(number.height);
  });

  it('knows the end marker that was never placed', () => {
    expect(isDefaultEndPosition({ x: 0, y: 600 })).toBe(true);
    expect(isDefaultEndPosition({ x: 0, y: 601 })).toBe(false);
  });
});
