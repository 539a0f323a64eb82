import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, type Block, endNodeId, startNodeId } from '../../contract/blocks.ts';
import { blockNodeSize as blockSize, MARKER_SIZE } from '../../contract/graph-geometry.ts';
import { PLACEMENT_GAP } from '../dialogs/placement.ts';
import { blockWriteRefusal } from '../test/block-writes.ts';
import { addBlock, blocksCall, dialogData, newDialog, setField } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

const t = appForFile();
const me = authorForFile(t);
const expectRefused = blockWriteRefusal(t, me);

type Box = { x: number; y: number; width: number; height: number };
const boxOf = (b: Block): Box => ({ ...b.position, ...blockSize(b) });
/** Pairs of graph nodes that overlap (blocks with their drawn size, and other boxes). */
function overlapping(blocks: readonly Block[], others: readonly Box[] = []): string[] {
  const all = [
    ...blocks.map((b) => [b.unique_question_id, boxOf(b)] as const),
    ...others.map((o, i) => [`box${i}`, o] as const),
  ];
  const found: string[] = [];
  all.forEach(([id, a], i) => {
    for (const [other, b] of all.slice(i + 1)) {
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) {
        found.push(`${id}/${other}`);
      }
    }
  });
  return found;
}

const ids = async (surveyId: string) =>
  (await dialogData(t, me.token, surveyId)).all_questions.map((b) => b.unique_question_id);

describe('create', () => {
  it('appends a block of every type with valid defaults and answers its id', async () => {
    const sid = await newDialog(t, me.token);
    for (const type of BLOCK_TYPES) await addBlock(t, me.token, sid, type);
    const dialog = await dialogData(t, me.token, sid);
    expect(dialog.all_questions.map((b) => b.type)).toEqual([...BLOCK_TYPES]);
    expect(dialog.all_questions.map((b) => b.order)).toEqual(BLOCK_TYPES.map((_, i) => i + 1));
    for (const b of dialog.all_questions) {
      expect(b).toMatchObject({ survey_id: sid, version: 1, jump_to_question: null, variable: '' });
      expect(b.jump_to_ids).toHaveLength(b.options.length);
      expect(b.jump_to_reactions).toHaveLength(b.options.length);
    }
    expect(dialog.all_questions.find((b) => b.type === 'end')!.is_end).toBe(1);
    expect(dialog.version).toBe(1 + BLOCK_TYPES.length);
  });

  it('inserts at an order and after a source node, placed below the source in the graph', async () => {
    const sid = await newDialog(t, me.token);
    const a = await addBlock(t, me.token, sid, 'message');
    const b = await addBlock(t, me.token, sid, 'message');
    const first = await addBlock(t, me.token, sid, 'email', { order: 1 });
    expect(await ids(sid)).toEqual([first, a, b]);
    const afterA = await addBlock(t, me.token, sid, 'number', { source_node_id: a });
    expect(await ids(sid)).toEqual([first, a, afterA, b]);
    // Below a in the graph (same column), and since b and first are there already, below them too.
    const blocks = (await dialogData(t, me.token, sid)).all_questions;
    const placed = blocks.find((q) => q.unique_question_id === afterA)!.position;
    const blockA = blocks.find((q) => q.unique_question_id === a)!;
    expect(placed.x).toBe(blockA.position.x);
    expect(placed.y).toBeGreaterThanOrEqual(blockA.position.y + blockSize(blockA).height + PLACEMENT_GAP);
    expect(overlapping(blocks)).toEqual([]);
    const fromStart = await addBlock(t, me.token, sid, 'date', { source_node_id: startNodeId(sid) });
    const fromEnd = await addBlock(t, me.token, sid, 'link', { source_node_id: endNodeId(sid) });
    expect(await ids(sid)).toEqual([fromStart, first, a, afterA, b, fromEnd]);
  });

  it('places each new block below the one before it by its height: no node overlaps another', async () => {
    const sid = await newDialog(t, me.token);
    const likert = await addBlock(t, me.token, sid, 'likert');
    const number = await addBlock(t, me.token, sid, 'number');
    await addBlock(t, me.token, sid, 'single_choice', { source_node_id: startNodeId(sid) });
    await addBlock(t, me.token, sid, 'message', { order: 2 });
    await addBlock(t, me.token, sid, 'date', { source_node_id: likert });
    await addBlock(t, me.token, sid, 'link', { source_node_id: endNodeId(sid) });
    const dialog = await dialogData(t, me.token, sid);
    const [l, n] = [likert, number].map(
      (id) => dialog.all_questions.find((q) => q.unique_question_id === id)!,
    );
    expect(n!.position.y).toBeGreaterThanOrEqual(l!.position.y + blockSize(l!).height + PLACEMENT_GAP);
    const start = dialog.structure.find((m) => m.kind === 'start')!.position;
    const markerBox = { ...start, ...MARKER_SIZE };
    expect(overlapping(dialog.all_questions, [markerBox])).toEqual([]);
  });

  it('refuses an unknown type, an order past the end and an unknown source node', async () => {
    const sid = await newDialog(t, me.token);
    await addBlock(t, me.token, sid, 'message');
    await expectRefused(sid, { action: 'create', type: 'poll' }, 'type');
    await expectRefused(sid, { action: 'create', type: 'message', order: 3 }, 'order');
    await expectRefused(sid, { action: 'create', type: 'message', order: 0 }, 'order');
    await expectRefused(sid, { action: 'create', type: 'message', source_node_id: 'nope' }, 'source_node_id');
    await expectRefused(sid, { action: 'explode' }, 'action');
  });
});

describe('delete', () => {
  it('closes the order gap and repairs every jump that pointed at the block', async () => {
    const sid = await newDialog(t, me.token);
    const a = await addBlock(t, me.token, sid, 'single_choice');
    const b = await addBlock(t, me.token, sid, 'open_text');
    const gone = await addBlock(t, me.token, sid, 'message');
    const d = await addBlock(t, me.token, sid, 'message');
    await setField(t, me.token, sid, a, 'jump_to_ids', [gone, d]);
    await setField(t, me.token, sid, a, 'jump_to_question', gone);
    await setField(t, me.token, sid, b, 'options', ['gut', 'schlecht']);
    await setField(t, me.token, sid, b, 'jump_to_ids', [gone, gone]);
    const res = await blocksCall(t, me.token, sid, { action: 'delete', unique_question_id: gone });
    expect(res.statusCode).toBe(200);
    expect(res.json().repaired_jumps).toEqual(
      expect.arrayContaining([
        { unique_question_id: a, field: 'jump_to_ids', index: 0 },
        { unique_question_id: a, field: 'jump_to_question', index: null },
        { unique_question_id: b, field: 'jump_to_ids', index: 0 },
        { unique_question_id: b, field: 'jump_to_ids', index: 1 },
      ]),
    );
    expect(res.json().repaired_jumps).toHaveLength(4);
    const dialog = await dialogData(t, me.token, sid);
    expect(dialog.all_questions.map((q) => [q.unique_question_id, q.order])).toEqual([
      [a, 1],
      [b, 2],
      [d, 3],
    ]);
    const all = JSON.stringify(dialog.all_questions);
    expect(all).not.toContain(gone);
    expect(dialog.all_questions[0]).toMatchObject({ jump_to_ids: [null, d], jump_to_question: null });
    expect(
      (await blocksCall(t, me.token, sid, { action: 'delete', unique_question_id: gone })).statusCode,
    ).toBe(404);
  });
});

describe('order', () => {
  it('swaps the block with the one at the given order', async () => {
    const sid = await newDialog(t, me.token);
    const [a, b, c] = [
      await addBlock(t, me.token, sid, 'message'),
      await addBlock(t, me.token, sid, 'message'),
      await addBlock(t, me.token, sid, 'message'),
    ];
    const res = await blocksCall(t, me.token, sid, { action: 'order', unique_question_id: a, order: 3 });
    expect(res.statusCode).toBe(200);
    expect(await ids(sid)).toEqual([c, b, a]);
    await blocksCall(t, me.token, sid, { action: 'order', unique_question_id: a, order: 1 });
    expect(await ids(sid)).toEqual([a, b, c]);
    await expectRefused(sid, { action: 'order', unique_question_id: a, order: 4 }, 'order');
    await expectRefused(sid, { action: 'order', unique_question_id: a, order: -1 }, 'order');
  });
});
