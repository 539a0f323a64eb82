import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Block } from '../../../contract/blocks.ts';
import type { Dialog, JumpRef, NodePosition, UpdateSurveyBlocksRequest } from '../../../contract/dialogs.ts';
import { makeBlock, makeDialog } from '../../../contract/test-data.ts';
import { ApiError } from '../../api/client.ts';
import type { ConfiguratorApi } from './api.ts';
import { createController } from './controller.ts';
import { initialConfiguratorState, useConfiguratorStore } from './store.ts';

/** A server in memory with just enough of update_survey_blocks for the controller's paths. */
function fakeServer(initial: Dialog) {
  const dialog = structuredClone(initial);
  const calls: UpdateSurveyBlocksRequest[] = [];
  const find = (id: string) => dialog.all_questions.find((b) => b.unique_question_id === id)!;
  const respond = (blocks: Block[], extra = {}) => ({
    msg: 'success' as const,
    unique_question_id: blocks[0]?.unique_question_id ?? '',
    version: ++dialog.version,
    blocks: structuredClone(blocks),
    repaired_jumps: [] as JumpRef[],
    ...extra,
  });
  const api = {
    load: vi.fn(async () => structuredClone(dialog)),
    blocks: vi.fn(async (req: UpdateSurveyBlocksRequest) => {
      calls.push(req);
      if (req.action === 'update') {
        const block = find(req.unique_question_id);
        if (req.version !== undefined && req.version !== block.version) {
          throw new ApiError(409, 'conflict', 'stale', '', { title: 'conflict', msg: 'stale', block });
        }
        const [key, value] = Object.entries(req.changed_values)[0]!;
        Object.assign(block, { [key]: value, version: block.version + 1 });
        return respond([block]);
      }
      if (req.action === 'delete') {
        const block = find(req.unique_question_id);
        dialog.all_questions = dialog.all_questions.filter((b) => b !== block);
        dialog.all_questions.forEach((b, i) => {
          b.order = i + 1;
        });
        return respond([], { unique_question_id: block.unique_question_id });
      }
      if (req.action === 'recreate') {
        const { survey_id: _s, action: _a, restore_jumps: _r, ...fields } = req;
        const block = { ...makeBlock(req.unique_question_id, req.order ?? 1, req.type), ...fields } as Block;
        dialog.all_questions.splice(block.order - 1, 0, block);
        dialog.all_questions.forEach((b, i) => {
          b.order = i + 1;
        });
        return respond([block]);
      }
      throw new Error(`not faked: ${req.action}`);
    }),
    settings: vi.fn(),
    structure: vi.fn(),
    positions: vi.fn(async (_surveyId: string, moves: readonly NodePosition[]) => {
      const moved: Block[] = [];
      for (const { id, position } of moves) {
        const marker = dialog.structure.find((m) => m.id === id);
        if (marker) marker.position = position;
        else moved.push(Object.assign(find(id), { position }));
      }
      return { ...respond(moved), structure: structuredClone(dialog.structure) };
    }),
    mediaList: vi.fn(),
    uploadMedia: vi.fn(),
    deleteMedia: vi.fn(),
  };
  return {
    api: api as unknown as ConfiguratorApi & typeof api,
    calls,
    server: () => dialog,
    /** Somebody else edits a block. */
    touch(id: string) {
      find(id).version += 1;
    },
  };
}

const shown = () => useConfiguratorStore.getState().dialog!;

describe('configurator controller', () => {
  beforeEach(() => {
    // Each test opens its dialog afresh (the store keeps a reopened dialog's history).
    useConfiguratorStore.setState(initialConfiguratorState());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('moves graph nodes in one call, shown at once and kept (markers too), without history', async () => {
    const fake = fakeServer(makeDialog([makeBlock('a', 1), makeBlock('b', 2)]));
    const controller = createController(fake.api);
    await controller.load('sv1');
    const end = shown().structure[1]!.id;
    const moves = [
      { id: 'a', position: { x: 11, y: 12 } },
      { id: end, position: { x: 500, y: 600 } },
    ];
    const done = controller.moveNodes(moves);
    expect(shown().all_questions[0]!.position).toEqual({ x: 11, y: 12 });
    expect(shown().structure[1]!.position).toEqual({ x: 500, y: 600 });
    await done;
    expect(fake.api.positions.mock.calls).toEqual([['sv1', moves]]);
    expect(useConfiguratorStore.getState().pending).toEqual([]);
    expect(shown().all_questions[0]!.position).toEqual({ x: 11, y: 12 });
    expect(shown().structure[1]!.position).toEqual({ x: 500, y: 600 });
    expect(useConfiguratorStore.getState().history.entries).toEqual([]);
  });

  it('takes moved nodes back with a notice when the positions call fails', async () => {
    const fake = fakeServer(makeDialog([makeBlock('a', 1)]));
    fake.api.positions.mockRejectedValueOnce(new ApiError(400, 'Bad Request', 'positions.0.id: unbekannt'));
    const controller = createController(fake.api);
    await controller.load('sv1');
    const before = shown().all_questions[0]!.position;
    await controller.moveNodes([{ id: 'a', position: { x: 99, y: 99 } }]);
    expect(shown().all_questions[0]!.position).toEqual(before);
    expect(useConfiguratorStore.getState().notice?.severity).toBe('error');
  });

  it('shows an update at once and keeps it when the server takes it (with the version it knew)', async () => {
    const fake = fakeServer(makeDialog([makeBlock('a', 1), makeBlock('b', 2)]));
    const controller = createController(fake.api, () => 42);
    await controller.load('sv1');
    const done = controller.updateBlock(shown().all_questions[0]!, 'context', 'Neu');
    expect(shown().all_questions[0]!.context).toBe('Neu');
    await done;
    expect(fake.calls[0]).toMatchObject({ action: 'update', version: 1, changed_values: { context: 'Neu' } });
    expect(shown().all_questions[0]!.version).toBe(2);
    const { entries } = useConfiguratorStore.getState().history;
    expect(entries).toEqual([
      expect.objectContaining({ change: 'update', key: 'context', old_value: 'Neue Nachricht', time: 42 }),
    ]);
  });

  it('keeps the change history when the same dialog is opened again, not for another', async () => {
    const fake = fakeServer(makeDialog([makeBlock('a', 1)]));
    const controller = createController(fake.api, () => 42);
    await controller.load('sv1');
    await controller.updateBlock(shown().all_questions[0]!, 'context', 'Neu');
    expect(useConfiguratorStore.getState().history.entries).toHaveLength(1);
    await controller.load('sv1');
    expect(useConfiguratorStore.getState().history.entries).toHaveLength(1);
    await controller.load('sv2');
    expect(useConfiguratorStore.getState().history.entries).toHaveLength(0);
  });

  it('reverts a failed update, says so, and records nothing', async () => {
    const fake = fakeServer(makeDialog([makeBlock('a', 1)]));
    fake.api.blocks.mockRejectedValueOnce(new ApiError(0, 'network_error', 'Keine Antwort vom Server.'));
    const controller = createController(fake.api);
    await controller.load('sv1');
    await controller.updateBlock(shown().all_questions[0]!, 'short_name', 'x');
    expect(shown().all_questions[0]!.short_name).toBe('');
    const state = useConfiguratorStore.getState();
    expect(state.notice?.text).toContain('wurde zurückgenommen');
    expect(state.notice?.text).toContain('Keine Antwort vom Server.');
    expect(state.history.entries).toEqual([]);
    expect(console.error).toHaveBeenCalled();
  });

  it('a stale write (409) asks for a reload instead of overwriting', async () => {
    const fake = fakeServer(makeDialog([makeBlock('a', 1)]));
    const controller = createController(fake.api);
    await controller.load('sv1');
    fake.touch('a');
    await controller.updateBlock(shown().all_questions[0]!, 'context', 'Meins');
    expect(useConfiguratorStore.getState().stale).toBe(true);
    expect(shown().all_questions[0]!.context).toBe('Neue Nachricht');
    expect(fake.server().all_questions[0]!.context).toBe('Neue Nachricht');
    await controller.reloadFromServer();
    expect(useConfiguratorStore.getState().stale).toBe(false);
    expect(shown().all_questions[0]!.version).toBe(2);
  });

  it('writes go out one after another, each with the version the previous one left', async () => {
    const fake = fakeServer(makeDialog([makeBlock('a', 1)]));
    const controller = createController(fake.api);
    await controller.load('sv1');
    const block = shown().all_questions[0]!;
    void controller.updateBlock(block, 'context', 'eins');
    await controller.updateBlock(shown().all_questions[0]!, 'nachfrage', 'zwei');
    expect(fake.calls.map((c) => c.action === 'update' && c.version)).toEqual([1, 2]);
    expect(useConfiguratorStore.getState().stale).toBe(false);
  });

  it('delete reloads; undo brings the same block back at its place; redo deletes it again', async () => {
    const fake = fakeServer(makeDialog([makeBlock('a', 1), makeBlock('b', 2, 'likert'), makeBlock('c', 3)]));
    const controller = createController(fake.api);
    await controller.load('sv1');
    await controller.deleteBlock(shown().all_questions[1]!);
    expect(shown().all_questions.map((b) => b.unique_question_id)).toEqual(['a', 'c']);
    expect(fake.api.load).toHaveBeenCalledTimes(2);
    await controller.undo();
    expect(shown().all_questions.map((b) => [b.unique_question_id, b.type])).toEqual([
      ['a', 'message'],
      ['b', 'likert'],
      ['c', 'message'],
    ]);
    expect(fake.calls.at(-1)).toMatchObject({ action: 'recreate', unique_question_id: 'b', order: 2 });
    await controller.redo();
    expect(shown().all_questions.map((b) => b.unique_question_id)).toEqual(['a', 'c']);
    expect(useConfiguratorStore.getState().history.cursor).toBe(1);
  });

  it('a second delete of a block while the first is under way is ignored (double click: no 404)', async () => {
    const fake = fakeServer(makeDialog([makeBlock('a', 1), makeBlock('b', 2), makeBlock('c', 3)]));
    const controller = createController(fake.api);
    await controller.load('sv1');
    const block = shown().all_questions[1]!;
    const first = controller.deleteBlock(block);
    const second = controller.deleteBlock(block);
    expect(await second).toBeNull();
    expect(await first).toMatchObject({ unique_question_id: 'b' });
    expect(fake.calls.filter((c) => c.action === 'delete')).toHaveLength(1);
    expect(useConfiguratorStore.getState().notice).toBeNull();
    expect(useConfiguratorStore.getState().history.entries).toHaveLength(1);
    expect(shown().all_questions.map((b) => b.unique_question_id)).toEqual(['a', 'c']);
    // Once settled the block can be deleted again (here: after undo brought it back).
    await controller.undo();
    await controller.deleteBlock(shown().all_questions[1]!);
    expect(fake.calls.filter((c) => c.action === 'delete')).toHaveLength(2);
    expect(shown().all_questions.map((b) => b.unique_question_id)).toEqual(['a', 'c']);
  });

  it('says when jumps to the deleted block were led on to the next block; none, no notice', async () => {
    const fake = fakeServer(makeDialog([makeBlock('a', 1), makeBlock('b', 2), makeBlock('c', 3)]));
    const controller = createController(fake.api);
    await controller.load('sv1');
    await controller.deleteBlock(shown().all_questions[2]!);
    expect(useConfiguratorStore.getState().notice).toBeNull();
    const deleteAndRepair = fake.api.blocks.getMockImplementation()!;
    fake.api.blocks.mockImplementationOnce(async (req) => ({
      ...(await deleteAndRepair(req)),
      repaired_jumps: [
        { unique_question_id: 'a', field: 'jump_to_question', index: null },
        { unique_question_id: 'a', field: 'jump_to_ids', index: 1 },
      ],
    }));
    await controller.deleteBlock(shown().all_questions[1]!);
    expect(useConfiguratorStore.getState().notice).toMatchObject({
      severity: 'info',
      text: 'Block gelöscht. 2 Sprünge dorthin führen jetzt zum nächsten Block (Rückgängig stellt sie wieder her).',
    });
  });

  it('answers for a dialog that was left are ignored', async () => {
    const fake = fakeServer(makeDialog([makeBlock('a', 1)]));
    const controller = createController(fake.api);
    await controller.load('sv1');
    const pending = controller.updateBlock(shown().all_questions[0]!, 'context', 'spät');
    fake.api.load.mockResolvedValueOnce({ ...makeDialog([]), survey_id: 'other' });
    await controller.load('other');
    await pending;
    expect(useConfiguratorStore.getState().surveyId).toBe('other');
    expect(shown().all_questions).toEqual([]);
    expect(useConfiguratorStore.getState().history.entries).toEqual([]);
  });
});
