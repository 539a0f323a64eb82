import { describe, expect, it } from 'vitest';
import { columnsFromContent } from '../dialogs/rows.ts';
import { contentOf } from '../test/chat-fixtures.ts';
import { contentHash, type VersionContent } from './content.ts';
import { diffContents } from './diff.ts';

/** The diff of two versions and the identity of a version's content (pure rules). */

const block = (id: string, ord: number, context: string, x = 0) => ({
  ...columnsFromContent({ ...contentOf({ id, type: 'message', context }), position: { x, y: 0 } }),
  unique_question_id: id,
  ord,
});

const content = (
  blocks: ReturnType<typeof block>[],
  extra: Partial<VersionContent> = {},
): VersionContent => ({
  survey_name: 'D',
  welcome: 'Hallo',
  ending: 'Ende',
  settings: '{}',
  blocks,
  exit_conditions: {},
  media: {},
  models: {},
  ...extra,
});

describe('diffContents', () => {
  it('tells added, removed, moved and changed blocks apart', () => {
    const a = content([block('a', 1, 'A'), block('b', 2, 'B'), block('c', 3, 'C'), block('d', 4, 'D')]);
    const b = content([block('d', 1, 'D'), block('a', 2, 'A'), block('c', 3, 'C neu'), block('e', 4, 'E')]);
    const diff = diffContents(a, b);
    expect(diff.blocks.added).toEqual([
      { unique_question_id: 'e', type: 'message', label: 'E', position: 4 },
    ]);
    expect(diff.blocks.removed).toEqual([
      { unique_question_id: 'b', type: 'message', label: 'B', position: 2 },
    ]);
    // a and c keep their order; only d moved (from 4th to 1st).
    expect(diff.blocks.moved).toEqual([
      { unique_question_id: 'd', type: 'message', label: 'D', from_position: 4, to_position: 1 },
    ]);
    expect(diff.blocks.changed).toEqual([
      {
        unique_question_id: 'c',
        type: 'message',
        label: 'C neu',
        position: 3,
        fields: [{ field: 'context', before: 'C', after: 'C neu' }],
      },
    ]);
    expect(diff.same).toBe(false);
  });

  it("names exit conditions, the routing model and the dialog's texts as fields", () => {
    const a = content([block('g', 1, 'Frag nach')]);
    const b = content([block('g', 1, 'Frag nach')], {
      welcome: 'Willkommen',
      exit_conditions: { g: ['{"condition":"genug"}'] },
      models: { g: { version: 2, threshold: 0.4 } },
    });
    const diff = diffContents(a, b);
    expect(diff.blocks.changed[0]!.fields).toEqual([
      { field: 'gpt_exit_conditions', before: [], after: ['{"condition":"genug"}'] },
      { field: 'routing_model', before: null, after: { version: 2, threshold: 0.4 } },
    ]);
    expect(diff.settings).toEqual([{ field: 'welcome', before: 'Hallo', after: 'Willkommen' }]);
    expect(diffContents(a, a).same).toBe(true);
  });
});

describe('contentHash', () => {
  it('ignores graph positions, which no chat sees, and sees every text', () => {
    const a = content([block('a', 1, 'A', 0)]);
    expect(contentHash(content([block('a', 1, 'A', 300)]))).toBe(contentHash(a));
    expect(contentHash(content([block('a', 1, 'A!')]))).not.toBe(contentHash(a));
    expect(contentHash(content([block('a', 1, 'A')], { ending: 'Tschüss' }))).not.toBe(contentHash(a));
  });
});
