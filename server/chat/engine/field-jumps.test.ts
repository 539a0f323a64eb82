import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flowOf, nextAfter, successors } from '../../../contract/dialog-flow.ts';
import { reachable } from '../../../contract/preflight.ts';
import { blocksOf, testDialog } from '../../test/chat-fixtures.ts';
import { allTexts, END, NOW, reply } from '../../test/engine-play.ts';
import { runChat } from './run-chat.ts';
import { type EngineResult, initialState, type PreparedDialog } from './types.ts';

/**
 * Jumps on hidden fields (issue 22, 'wenn src = panel → Block X'): after a block, the first rule whose
 * hidden field holds its value leads on, after the chosen option's jump and before jump_to_question.
 */

/** A chat begun from a link with these hidden fields (the service's restart with vars). */
const startWith = (d: PreparedDialog, vars: Record<string, string>): EngineResult =>
  runChat(d, initialState(), { kind: 'restart', now: NOW, vars });

const PANEL = [
  {
    id: 'hello',
    type: 'message',
    context: 'Hallo',
    field_jumps: [
      { field: 'src', value: 'panel', target: 'p' },
      { field: 'src', value: 'crm', target: 'c' },
    ],
  },
  { id: 'w', type: 'message', context: 'Web' },
  { id: 'c', type: 'message', context: 'CRM', is_end: 1 },
  { id: 'p', type: 'message', context: 'Panel' },
] as const;

describe('jumps on hidden fields', () => {
  it('a rule whose field holds its value leads on; otherwise the default way on', () => {
    const d = testDialog(PANEL.map((b) => ({ ...b })));
    expect(allTexts([startWith(d, { src: 'panel' })])).toEqual([
      'Willkommen!',
      'Hallo',
      'Panel',
      'Danke und tschüss!',
    ]);
    expect(allTexts([startWith(d, { src: 'crm' })])).toEqual([
      'Willkommen!',
      'Hallo',
      'CRM',
      'Danke und tschüss!',
    ]);
    // No value, another value, another case: no rule applies.
    const others: Record<string, string>[] = [{}, { src: 'mail' }, { src: 'Panel' }, { pid: 'panel' }];
    for (const vars of others) {
      expect(allTexts([startWith(d, vars)])).toEqual([
        'Willkommen!',
        'Hallo',
        'Web',
        'CRM',
        'Danke und tschüss!',
      ]);
    }
  });

  it("an option's jump goes first, the rule before jump_to_question, and a rule may end the dialog", () => {
    const d = testDialog([
      {
        id: 'q',
        type: 'single_choice',
        options: ['Ja', 'Nein'],
        jump_to_ids: ['ja', null],
        jump_to_question: 'default',
        field_jumps: [{ field: 'src', value: 'panel', target: 'panel' }],
      },
      { id: 'ja', type: 'message', context: 'Ja-Zweig', is_end: 1 },
      { id: 'default', type: 'message', context: 'Standard', is_end: 1 },
      { id: 'panel', type: 'message', context: 'Panel-Zweig', is_end: 1 },
      { id: 'z', type: 'email', field_jumps: [{ field: 'src', value: 'panel', target: END }] },
      { id: 'after', type: 'message', context: 'nie für das Panel' },
    ]);
    const panel = startWith(d, { src: 'panel' });
    expect(allTexts([reply(d, panel, 'Ja')])).toContain('Ja-Zweig');
    expect(allTexts([reply(d, panel, 'Nein')])).toContain('Panel-Zweig');
    expect(allTexts([reply(d, startWith(d, { src: 'web' }), 'Nein')])).toContain('Standard');
    const flow = flowOf(d.blocks);
    const z = flow.byId.get('z')!;
    expect(nextAfter(flow, z, null, { src: 'panel' })).toBeNull();
    expect(nextAfter(flow, z, null, {})).toBe('after');
  });

  it('a rule to a block that is gone is skipped; the next rule or the default way on applies', () => {
    const flow = flowOf(
      blocksOf([
        {
          id: 'a',
          type: 'message',
          field_jumps: [
            { field: 'src', value: 'x', target: 'gone' },
            { field: 'src', value: 'x', target: 'c' },
          ],
        },
        { id: 'b', type: 'message' },
        { id: 'c', type: 'message' },
      ]),
    );
    expect(nextAfter(flow, flow.byId.get('a')!, null, { src: 'x' })).toBe('c');
    expect(successors(flow, flow.byId.get('a')!).sort()).toEqual(['b', 'c']);
  });

  it('a skipped optional question follows its rule, as its default way on', () => {
    const d = testDialog([
      {
        id: 'q',
        type: 'number',
        optional: 1,
        field_jumps: [{ field: 'src', value: 'panel', target: 'p' }],
      },
      { id: 'w', type: 'message', context: 'Web', is_end: 1 },
      { id: 'p', type: 'message', context: 'Panel', is_end: 1 },
    ]);
    const skipped = reply(d, startWith(d, { src: 'panel' }), '', undefined, true);
    expect(allTexts([skipped])).toContain('Panel');
  });

  it('blocks reached only by a rule count as reachable for the pre-flight check', () => {
    const flow = flowOf(blocksOf(PANEL.map((b) => ({ ...b }))));
    expect([...reachable(flow)].sort()).toEqual(['c', 'hello', 'p', 'w']);
  });

  it('whatever the value, the chat goes where nextAfter says: the matching rule or the default way', () => {
    const d = testDialog(PANEL.map((b) => ({ ...b })));
    fc.assert(
      fc.property(fc.constantFrom('panel', 'crm', 'web', ''), fc.string({ maxLength: 8 }), (src, pid) => {
        const vars: Record<string, string> = src === '' ? { pid } : { src, pid };
        const said = allTexts([startWith(d, vars)]);
        const expected = src === 'panel' ? 'Panel' : src === 'crm' ? 'CRM' : 'Web';
        expect(said[2]).toBe(expected);
        expect(said.at(-1)).toBe('Danke und tschüss!');
      }),
    );
  });
});
