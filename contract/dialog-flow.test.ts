import { describe, expect, it } from 'vitest';
import { endNodeId } from './blocks.ts';
import { flowOf, INPUT_TYPES, loopsWithoutInput, nextAfter, QUESTION_TYPES } from './dialog-flow.ts';
// The configurator's block factory: the flow rules serve the configurator and the chat engine alike.
import { makeBlock, SURVEY_ID } from './test-data.ts';

describe('input types', () => {
  it('are the question types, and gpt and qa blocks', () => {
    expect([...QUESTION_TYPES].sort()).toEqual([
      'date',
      'email',
      'likert',
      'multiple_choice',
      'number',
      'open_text',
      'single_choice',
    ]);
    expect([...INPUT_TYPES].sort()).toEqual([...QUESTION_TYPES, 'gpt', 'qa'].sort());
  });
});

describe('nextAfter', () => {
  it('follows the option jump, then the block jump, then the order; the end and is_end give null', () => {
    const flow = flowOf([
      makeBlock('c', 3, 'message'),
      makeBlock('a', 1, 'message', { jump_to_question: 'c' }),
      makeBlock('b', 2, 'message', { jump_to_question: 'gone' }),
    ]);
    expect(nextAfter(flow, flow.byId.get('a')!, null)).toBe('c');
    expect(nextAfter(flow, flow.byId.get('a')!, 'b')).toBe('b');
    expect(nextAfter(flow, flow.byId.get('b')!, null)).toBe('c');
    expect(nextAfter(flow, flow.byId.get('c')!, null)).toBeNull();
    expect(nextAfter(flow, flow.byId.get('a')!, endNodeId(SURVEY_ID))).toBeNull();
    expect(
      nextAfter(
        flowOf([makeBlock('x', 1, 'message', { is_end: 1 }), makeBlock('y', 2, 'message')]),
        makeBlock('x', 1, 'message', { is_end: 1 }),
        null,
      ),
    ).toBeNull();
  });
});

describe('loopsWithoutInput', () => {
  it('finds a block that comes back to itself through blocks that ask nothing', () => {
    const self = flowOf([makeBlock('a', 1, 'message', { jump_to_question: 'a' })]);
    expect(loopsWithoutInput(self, 'a')).toBe(true);
    const ring = flowOf([makeBlock('a', 1, 'message'), makeBlock('b', 2, 'link', { jump_to_question: 'a' })]);
    expect(loopsWithoutInput(ring, 'a')).toBe(true);
    expect(loopsWithoutInput(ring, 'b')).toBe(true);
  });

  it('is false when a question is on the way, the path ends, or the loop lies elsewhere', () => {
    const asked = flowOf([
      makeBlock('a', 1, 'message'),
      makeBlock('q', 2, 'open_text', { jump_to_question: 'a' }),
    ]);
    expect(loopsWithoutInput(asked, 'a')).toBe(false);
    expect(loopsWithoutInput(asked, 'q')).toBe(false);
    const ends = flowOf([
      makeBlock('a', 1, 'message'),
      makeBlock('b', 2, 'message', { jump_to_question: endNodeId(SURVEY_ID) }),
    ]);
    expect(loopsWithoutInput(ends, 'a')).toBe(false);
    const into = flowOf([
      makeBlock('start', 1, 'message'),
      makeBlock('a', 2, 'message'),
      makeBlock('b', 3, 'message', { jump_to_question: 'a' }),
    ]);
    expect(loopsWithoutInput(into, 'start')).toBe(false);
    expect(loopsWithoutInput(into, 'a')).toBe(true);
    expect(loopsWithoutInput(into, 'missing')).toBe(false);
  });
});
