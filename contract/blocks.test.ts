import { describe, expect, it } from 'vitest';
import { alignToOptions, applyChange, defaultBlockContent } from './block-edits.ts';
import {
  BLOCK_TYPES,
  blockContentSchemas,
  editableKeys,
  endNodeId,
  isEndNodeId,
  isMarkerId,
  isStartNodeId,
  startNodeId,
} from './blocks.ts';

describe('block types', () => {
  it('every type has valid defaults, and its schema accepts them', () => {
    for (const type of BLOCK_TYPES) {
      const parsed = blockContentSchemas[type].safeParse(defaultBlockContent(type));
      expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('type-specific fields belong to their type only', () => {
    expect(editableKeys('number')).toEqual(expect.arrayContaining(['min', 'max', 'integer']));
    expect(editableKeys('qa')).toEqual(expect.arrayContaining(['qa_pairs', 'qa_fallback', 'only_search']));
    expect(editableKeys('link')).toContain('link_klick_name');
    expect(editableKeys('gpt')).toContain('max_turns');
    expect(editableKeys('date')).toEqual(expect.arrayContaining(['min_date', 'max_date']));
    expect(editableKeys('message')).not.toContain('min');
    expect(editableKeys('message')).not.toContain('qa_pairs');
  });

  it('cross-field rules name the field', () => {
    const issues = (type: (typeof BLOCK_TYPES)[number], patch: Record<string, unknown>) =>
      blockContentSchemas[type]
        .safeParse({ ...defaultBlockContent(type), ...patch })
        .error?.issues.map((i) => i.path.join('.'));
    expect(issues('number', { min: 5, max: 1 })).toEqual(['max']);
    expect(issues('number', { integer: 1, min: 0.5 })).toEqual(['min']);
    expect(issues('date', { min_date: '2025-01-02', max_date: '2025-01-01' })).toEqual(['max_date']);
    expect(issues('single_choice', { jump_to_ids: [null] })).toEqual(['jump_to_ids']);
    expect(issues('likert', { options: ['a'], jump_to_ids: [null], jump_to_reactions: [''] })).toEqual([
      'options',
    ]);
    expect(issues('message', { options: ['a'], jump_to_ids: [null], jump_to_reactions: [''] })).toEqual([
      'options',
    ]);
    expect(issues('end', { is_end: 0 })).toEqual(['is_end']);
  });

  it("the GPT block's max_turns says in German what it takes", () => {
    const message = (max_turns: unknown) =>
      blockContentSchemas.gpt
        .safeParse({ ...defaultBlockContent('gpt'), max_turns })
        .error?.issues.find((i) => i.path[0] === 'max_turns')?.message;
    expect(message(0)).toBe('mindestens 1');
    expect(message(100)).toBe('höchstens 20');
    expect(message(2.5)).toBe('muss eine ganze Zahl sein');
    expect(message('3')).toBe('muss eine Zahl sein');
    expect(message(20)).toBeUndefined();
  });

  it('knows the start and end markers', () => {
    expect(startNodeId('abc')).toBe('start_node_abc');
    expect(endNodeId('abc')).toBe('end_node_abc');
    expect(isStartNodeId('start_node_abc')).toBe(true);
    expect(isEndNodeId('end_node_abc')).toBe(true);
    expect(isMarkerId('q123')).toBe(false);
  });
});

describe('alignToOptions', () => {
  const jumps = ['ja', null, 'vielleicht'];
  const reactions = ['r1', 'r2', 'r3'];
  it('keeps jump and reaction with their label when options move or go', () => {
    expect(alignToOptions(['A', 'B', 'C'], ['C', 'A'], jumps, reactions)).toEqual({
      jump_to_ids: ['vielleicht', 'ja'],
      jump_to_reactions: ['r3', 'r1'],
    });
  });
  it('keeps them at the index of a renamed option, and adds empty ones for new options', () => {
    expect(alignToOptions(['A', 'B', 'C'], ['A', 'Bee', 'C', 'D'], jumps, reactions)).toEqual({
      jump_to_ids: ['ja', null, 'vielleicht', null],
      jump_to_reactions: ['r1', 'r2', 'r3', ''],
    });
  });
});

describe('applyChange', () => {
  it('clears options when the new type has none, and fills the new type defaults', () => {
    const choice = { ...defaultBlockContent('single_choice'), context: 'Frage', variable: 'v' };
    const next = applyChange(choice, 'type', 'date');
    expect(next).toMatchObject({
      type: 'date',
      context: 'Frage',
      variable: 'v',
      options: [],
      min_date: null,
    });
    expect(blockContentSchemas.date.safeParse(next).success).toBe(true);
  });
  it('every type can become every other type, keeping the options that fit', () => {
    for (const from of BLOCK_TYPES) {
      for (const to of BLOCK_TYPES) {
        const next = applyChange({ ...defaultBlockContent(from), context: 'Frage' }, 'type', to);
        const parsed = blockContentSchemas[to].safeParse(next);
        expect(parsed.success, `${from} -> ${to}: ${parsed.error?.message}`).toBe(true);
      }
    }
    const choice = { ...defaultBlockContent('single_choice'), options: ['Ja', 'Nein', 'Egal'] };
    expect(applyChange(choice, 'type', 'likert')).toMatchObject({ options: ['Ja', 'Nein', 'Egal'] });
    expect(applyChange(defaultBlockContent('open_text'), 'type', 'likert')).toMatchObject({
      options: defaultBlockContent('likert').options,
    });
    const many = { ...choice, options: Array.from({ length: 12 }, (_, i) => `O${i}`) };
    many.jump_to_ids = many.options.map(() => null);
    many.jump_to_reactions = many.options.map(() => '');
    expect(applyChange(many, 'type', 'likert')).toMatchObject({
      options: defaultBlockContent('likert').options,
    });
    expect(applyChange(many, 'type', 'multiple_choice')).toMatchObject({ options: many.options });
  });
  it('an end block always ends', () => {
    expect(applyChange(defaultBlockContent('message'), 'type', 'end')).toMatchObject({ is_end: 1 });
  });
});
