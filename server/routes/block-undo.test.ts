import { describe, expect, it } from 'vitest';
import { STALE_BLOCK_MSG } from '../../contract/block-updates.ts';
import { blockNodeSize as blockSize } from '../../contract/graph-geometry.ts';
import { PLACEMENT_GAP } from '../dialogs/placement.ts';
import { blockWriteRefusal } from '../test/block-writes.ts';
import { addBlock, blockOf, blocksCall, dialogData, newDialog, setField, snapshot } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

const t = appForFile();
const me = authorForFile(t);
const expectRefused = blockWriteRefusal(t, me);

describe('stale writes', () => {
  it('answers 409 with the current block when the expected version is old, and changes nothing', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'message');
    const first = await blocksCall(t, me.token, sid, {
      action: 'update',
      unique_question_id: q,
      changed_values: { context: 'Erste Fassung' },
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().blocks[0].version).toBe(2);
    for (const body of [
      { action: 'update', unique_question_id: q, changed_values: { context: 'Zweite' }, version: 1 },
      { action: 'delete', unique_question_id: q, version: 1 },
      { action: 'order', unique_question_id: q, order: 1, version: 1 },
    ]) {
      const before = await snapshot(t, sid);
      const res = await blocksCall(t, me.token, sid, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        title: 'conflict',
        msg: STALE_BLOCK_MSG,
        block: { unique_question_id: q, context: 'Erste Fassung', version: 2 },
      });
      expect(await snapshot(t, sid)).toEqual(before);
    }
    const current = await blocksCall(t, me.token, sid, {
      action: 'update',
      unique_question_id: q,
      changed_values: { context: 'Zweite' },
      version: 2,
    });
    expect(current.statusCode).toBe(200);
  });

  it('bumps the dialog version on every write', async () => {
    const sid = await newDialog(t, me.token);
    const v0 = (await dialogData(t, me.token, sid)).version;
    const q = await addBlock(t, me.token, sid, 'message');
    const res = await setField(t, me.token, sid, q, 'position', { x: 1, y: 1 });
    expect(res.json().version).toBe(v0 + 2);
    expect((await dialogData(t, me.token, sid)).version).toBe(v0 + 2);
  });
});

describe('undo flows', () => {
  it('delete then recreate restores the same block, its place and the jumps to it', async () => {
    const sid = await newDialog(t, me.token);
    const a = await addBlock(t, me.token, sid, 'single_choice');
    const q = await addBlock(t, me.token, sid, 'likert');
    const c = await addBlock(t, me.token, sid, 'message');
    await setField(t, me.token, sid, q, 'likert_na', 1);
    await setField(t, me.token, sid, q, 'nachfrage', 'Warum?');
    await setField(t, me.token, sid, q, 'acknowledgement', 'Danke!');
    await setField(t, me.token, sid, q, 'jump_to_question', c);
    await setField(t, me.token, sid, q, 'variable', 'zufriedenheit');
    await setField(t, me.token, sid, a, 'jump_to_ids', [q, c]);
    await setField(t, me.token, sid, c, 'jump_to_question', q);
    const before = await dialogData(t, me.token, sid);
    const old = before.all_questions.find((b) => b.unique_question_id === q)!;

    const del = await blocksCall(t, me.token, sid, { action: 'delete', unique_question_id: q });
    const res = await blocksCall(t, me.token, sid, {
      ...old,
      action: 'recreate',
      restore_jumps: del.json().repaired_jumps,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().unique_question_id).toBe(q);
    const after = await dialogData(t, me.token, sid);
    const strip = (d: typeof before) => d.all_questions.map(({ version: _v, ...rest }) => rest);
    expect(strip(after)).toEqual(strip(before));
  });

  it('create then delete leaves the dialog as it was', async () => {
    const sid = await newDialog(t, me.token);
    await addBlock(t, me.token, sid, 'message');
    const before = (await dialogData(t, me.token, sid)).all_questions;
    const q = await addBlock(t, me.token, sid, 'email', { order: 1 });
    await blocksCall(t, me.token, sid, { action: 'delete', unique_question_id: q });
    expect((await dialogData(t, me.token, sid)).all_questions).toEqual(before);
  });

  it('recreate of an id in use makes a copy with a new id below the original, dropping jumps to missing blocks', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'single_choice');
    await setField(t, me.token, sid, q, 'context', 'Original');
    const original = await blockOf(t, me.token, sid, q);
    const res = await blocksCall(t, me.token, sid, {
      ...original,
      action: 'recreate',
      order: 2,
      jump_to_ids: ['verschwunden', null],
      position: { x: 40, y: 40 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const copyId = res.json().unique_question_id;
    expect(copyId).not.toBe(q);
    const copy = await blockOf(t, me.token, sid, copyId);
    expect(copy).toMatchObject({ context: 'Original', order: 2, jump_to_ids: [null, null] });
    // Not on top of the original (where the copy's fields say): below it in the graph.
    expect(copy.position).toEqual({
      x: original.position.x,
      y: original.position.y + blockSize(original).height + PLACEMENT_GAP,
    });
  });

  it('recreate validates the fields like an update and refuses an order past the end', async () => {
    const sid = await newDialog(t, me.token);
    await expectRefused(
      sid,
      { action: 'recreate', unique_question_id: 'neu1', type: 'likert', options: ['eins'] },
      'options',
    );
    await expectRefused(
      sid,
      { action: 'recreate', unique_question_id: 'neu1', type: 'message', order: 2 },
      'order',
    );
    await expectRefused(
      sid,
      { action: 'recreate', unique_question_id: 'neu1', type: 'message', context: 42 },
      'context',
    );
    const ok = await blocksCall(t, me.token, sid, {
      action: 'recreate',
      unique_question_id: 'neu1',
      type: 'email',
    });
    expect(ok.statusCode).toBe(200);
    expect(await blockOf(t, me.token, sid, 'neu1')).toMatchObject({ type: 'email', order: 1 });
  });
});
