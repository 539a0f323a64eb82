// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBlock, makeDialog } from '../../../../contract/test-data.ts';
import type { TriggerObject } from '../../../../contract/triggers.ts';
import {
  blockNode,
  buildEdges,
  buildNodes,
  type GraphEdge,
  removalFor,
  reuseEdges,
  visibleEdges,
} from './graph-model.ts';
import {
  DEFAULT_GRAPH_PREFS,
  hideEdge,
  loadGraphPrefs,
  normalizePrefs,
  saveGraphPrefs,
} from './graph-prefs.ts';
import { triggerLinks } from './triggers.ts';

const trigger = (id: number, survey_id: string, unique_question_id: string, text: string): TriggerObject => ({
  id,
  dialog_manager_id: 7,
  survey_id,
  unique_question_id,
  trigger: text,
  init_survey: false,
});

const START = 'start_node_sv1';
const END = 'end_node_sv1';

const summary = (edges: GraphEdge[]) => edges.map((e) => [e.id, e.source, e.target, e.sourceHandle]);

describe('graph nodes', () => {
  it('has the markers and one node per block, cached by block identity', () => {
    const a = makeBlock('a', 1);
    const dialog = makeDialog([a, makeBlock('b', 2)]);
    const nodes = buildNodes(dialog);
    expect(nodes.map((n) => [n.id, n.type])).toEqual([
      [START, 'marker'],
      [END, 'marker'],
      ['a', 'block'],
      ['b', 'block'],
    ]);
    expect(buildNodes(dialog)[2]).toBe(nodes[2]);
    expect(blockNode({ ...a })).not.toBe(nodes[2]);
  });
});

describe('graph edges', () => {
  it('draws the order from the start through the blocks to the end', () => {
    const dialog = makeDialog([makeBlock('a', 1), makeBlock('b', 2)]);
    expect(summary(buildEdges(dialog))).toEqual([
      ['order:start', START, 'a', null],
      ['order:a', 'a', 'b', 'next'],
      ['order:b', 'b', END, 'next'],
    ]);
    expect(summary(buildEdges(makeDialog([])))).toEqual([['order:start', START, END, null]]);
  });

  it('draws every kind of jump: start page, jump_to_question, is_end and per option', () => {
    const dialog = makeDialog([
      makeBlock('a', 1, 'single_choice', { jump_to_ids: ['c', END], jump_to_question: 'b' }),
      makeBlock('b', 2, 'message', { start_page: 1 }),
      makeBlock('c', 3, 'message', { is_end: 1 }),
    ]);
    const edges = buildEdges(dialog);
    expect(summary(edges)).toEqual([
      ['start:b', START, 'b', null],
      ['jump:a', 'a', 'b', 'next'],
      ['option:a:0', 'a', 'c', 'option-0'],
      ['option:a:1', 'a', END, 'option-1'],
      ['order:b', 'b', 'c', 'next'],
      ['end:c', 'c', END, 'next'],
    ]);
    expect(edges.find((e) => e.id === 'option:a:0')!.label).toBe('Option 1');
    expect(edges.filter((e) => e.deletable === false).map((e) => e.id)).toEqual(['order:b']);
  });

  it('draws each rule on a hidden field from the way-on handle, labelled, not removable from the graph', () => {
    const dialog = makeDialog([
      makeBlock('a', 1, 'message', {
        field_jumps: [
          { field: 'src', value: 'panel', target: 'c' },
          { field: 'src', value: 'crm', target: END },
        ],
      }),
      makeBlock('b', 2),
      makeBlock('c', 3),
    ]);
    const edges = buildEdges(dialog).filter((e) => e.data?.kind === 'field');
    expect(summary(edges)).toEqual([
      ['field:a:0', 'a', 'c', 'next'],
      ['field:a:1', 'a', END, 'next'],
    ]);
    expect(edges.map((e) => [e.label, e.deletable])).toEqual([
      ['src = panel', false],
      ['src = crm', false],
    ]);
    expect(edges.map(removalFor)).toEqual([null, null]);
    const shown = (showConditionalJumps: boolean) =>
      visibleEdges(edges, { ...DEFAULT_GRAPH_PREFS, showConditionalJumps }).length;
    expect([shown(true), shown(false)]).toEqual([2, 0]);
  });

  it('hides conditional jumps, trigger edges and single edges as the preferences say', () => {
    const dialog = makeDialog([makeBlock('a', 1, 'single_choice', { jump_to_ids: [END, null] })]);
    const links = triggerLinks(dialog, [
      trigger(1, 'sv1', 'a', 'moveTo;other;q9'),
      trigger(2, 'other', 'q1', 'waitFor;sv1;a'),
    ]);
    const edges = buildEdges(dialog, links);
    expect(edges.filter((e) => e.data?.triggerId).map((e) => [e.id, e.data?.triggerId])).toEqual([
      ['trigger:trigger_source_1', 1],
      ['trigger:trigger_target_2', 2],
    ]);
    const kinds = (prefs = DEFAULT_GRAPH_PREFS) => visibleEdges(edges, prefs).map((e) => e.data?.kind);
    expect(kinds()).toEqual(['order', 'order', 'conditional', 'trigger_source', 'trigger_target']);
    expect(kinds({ ...DEFAULT_GRAPH_PREFS, showConditionalJumps: false })).not.toContain('conditional');
    expect(kinds({ ...DEFAULT_GRAPH_PREFS, showTriggersSource: false })).not.toContain('trigger_source');
    expect(kinds({ ...DEFAULT_GRAPH_PREFS, showTriggersTarget: false })).not.toContain('trigger_target');
    expect(visibleEdges(edges, hideEdge(DEFAULT_GRAPH_PREFS, 'order:a')).map((e) => e.id)).not.toContain(
      'order:a',
    );
  });

  it('reuses unchanged edge objects', () => {
    const before = buildEdges(makeDialog([makeBlock('a', 1), makeBlock('b', 2)]));
    const after = buildEdges(makeDialog([makeBlock('a', 1, 'message', { is_end: 1 }), makeBlock('b', 2)]));
    const reused = reuseEdges(new Map(before.map((e) => [e.id, e])), after);
    expect(reused[0]).toBe(before[0]);
    expect(reused[1]).not.toBe(before[1]);
    expect(reused[2]).toBe(before[2]);
  });
});

describe('graph connections', () => {
  it('removing a jump edge clears it; order edges cannot be removed', () => {
    const edges = buildEdges(
      makeDialog([makeBlock('a', 1, 'single_choice', { jump_to_ids: ['a', null], jump_to_question: END })]),
    );
    expect(edges.map(removalFor)).toEqual([
      null,
      { source: 'a', target: null, sourceHandle: 'next' },
      { source: 'a', target: null, sourceHandle: 'option-0' },
    ]);
  });
});

describe('triggers', () => {
  it('links source triggers from and target triggers into known blocks, named by connected dialog', () => {
    const dialog = {
      ...makeDialog([makeBlock('a', 1)]),
      connected_surveys: [{ survey_id: 'other', survey_name: 'Zweiter Dialog', order: 2 }],
    };
    const links = triggerLinks(dialog, [
      trigger(1, 'sv1', 'a', 'moveTo;other;q9'),
      trigger(3, 'sv1', 'zz', 'moveTo;other;q9'),
      trigger(2, 'other', 'q1', 'waitFor;sv1;a'),
      trigger(4, 'other', 'q1', 'kaputt'),
    ]);
    expect(links.map((l) => [l.direction, l.blockId, l.type, l.label])).toEqual([
      ['source', 'a', 'moveTo', 'Zweiter Dialog'],
      ['target', 'a', 'waitFor', 'Zweiter Dialog'],
    ]);
  });
});

describe('graph preferences', () => {
  beforeEach(() => localStorage.clear());

  it('are all true by default, kept per dialog and resettable', () => {
    expect(loadGraphPrefs('d1')).toEqual(DEFAULT_GRAPH_PREFS);
    saveGraphPrefs('d1', { ...DEFAULT_GRAPH_PREFS, showTriggersTarget: false, hiddenEdges: ['order:a'] });
    expect(loadGraphPrefs('d1')).toEqual({
      ...DEFAULT_GRAPH_PREFS,
      showTriggersTarget: false,
      hiddenEdges: ['order:a'],
    });
    expect(loadGraphPrefs('d2')).toEqual(DEFAULT_GRAPH_PREFS);
    saveGraphPrefs('d1', DEFAULT_GRAPH_PREFS);
    expect(localStorage.getItem('graph_view_d1')).toBeNull();
  });

  it('tolerates malformed stored values', () => {
    expect(normalizePrefs({ showConditionalJumps: 'nein', hiddenEdges: [1, 'x', 'x'] })).toEqual({
      ...DEFAULT_GRAPH_PREFS,
      hiddenEdges: ['x'],
    });
    localStorage.setItem('graph_view_d3', '{kaputt');
    expect(loadGraphPrefs('d3')).toEqual(DEFAULT_GRAPH_PREFS);
  });
});
