import { describe, expect, it } from 'vitest';
import { makeBlock } from '../../../../contract/test-data.ts';
import { reverseConnections } from './connections.ts';

const START = 'start_node_sv1';
const END = 'end_node_sv1';

describe('undo of graph connections', () => {
  it('computes the connections that undo a drawn edge', () => {
    const blocks = [
      makeBlock('a', 1, 'single_choice', { jump_to_ids: ['b', null] }),
      makeBlock('b', 2, 'message', { is_end: 1, start_page: 1 }),
      makeBlock('c', 3, 'message', { jump_to_question: 'a' }),
    ];
    expect(
      reverseConnections('sv1', blocks, [
        { source: 'a', target: 'c', sourceHandle: 'option-0' },
        { source: 'b', target: 'c', sourceHandle: 'next' },
        { source: 'c', target: 'b', sourceHandle: 'next' },
        { source: START, target: 'c', sourceHandle: null },
      ]),
    ).toEqual([
      { source: START, target: 'b', sourceHandle: null },
      { source: 'c', target: 'a', sourceHandle: 'next' },
      { source: 'b', target: END, sourceHandle: 'next' },
      { source: 'a', target: 'b', sourceHandle: 'option-0' },
    ]);
  });
});
