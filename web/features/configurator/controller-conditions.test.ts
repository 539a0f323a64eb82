import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dialog } from '../../../contract/dialogs.ts';
import { makeBlock, makeDialog, SURVEY_ID } from '../../../contract/test-data.ts';
import type { ConditionResponse } from '../../../contract/training.ts';
import { ApiError } from '../../api/client.ts';
import type { ConfiguratorApi } from './api.ts';
import { createController } from './controller.ts';
import { textOf } from './model/conditions.ts';
import { initialConfiguratorState, useConfiguratorStore } from './store.ts';

/** A server in memory with the three gpt_exit_conditions calls; ids are never reused, as in the database. */
function fakeServer(initial: Dialog) {
  const dialog = structuredClone(initial);
  let nextId = 100;
  const stored = () => dialog.gpt_exit_conditions;
  const answer = (id: number): ConditionResponse => {
    const c = stored().find((x) => x.id === id)!;
    return { id, survey_id: SURVEY_ID, unique_question_id: c.unique_question_id, condition: textOf(c) };
  };
  const missing = () => new ApiError(404, 'not_found', 'Exit-Bedingung nicht gefunden.');
  const api = {
    load: vi.fn(async () => structuredClone(dialog)),
    createCondition: vi.fn(async (_s: string, req: { unique_question_id: string; condition: string }) => {
      const id = nextId++;
      stored().push({ id, survey_id: SURVEY_ID, ...req });
      return answer(id);
    }),
    updateCondition: vi.fn(async (_s: string, id: number, condition: string) => {
      const c = stored().find((x) => x.id === id);
      if (!c) throw missing();
      c.condition = condition;
      return answer(id);
    }),
    deleteCondition: vi.fn(async (_s: string, id: number) => {
      if (!stored().some((x) => x.id === id)) throw missing();
      dialog.gpt_exit_conditions = stored().filter((x) => x.id !== id);
      return { msg: 'success' as const };
    }),
  };
  return { api: api as unknown as ConfiguratorApi & typeof api, server: () => dialog };
}

const shownConditions = () =>
  useConfiguratorStore.getState().dialog!.gpt_exit_conditions.map((c) => [c.id, textOf(c)]);
const serverConditions = (d: Dialog) => d.gpt_exit_conditions.map((c) => [c.id, textOf(c)]);
const gptDialog = () => makeDialog([makeBlock('g1', 1, 'gpt')]);

describe('configurator controller: GPT exit conditions', () => {
  beforeEach(() => {
    // Each test opens its dialog afresh (the store keeps a reopened dialog's history).
    useConfiguratorStore.setState(initialConfiguratorState());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('a new condition shows at once, gets the server id, and is recorded', async () => {
    const fake = fakeServer(gptDialog());
    const controller = createController(fake.api, () => 7);
    await controller.load(SURVEY_ID);
    const done = controller.addCondition('g1', 'Grund genannt');
    const [[draftId, text]] = shownConditions() as [[number, string]];
    expect(draftId).toBeLessThan(0);
    expect(text).toBe('Grund genannt');
    await done;
    expect(shownConditions()).toEqual([[100, 'Grund genannt']]);
    expect(useConfiguratorStore.getState().history.entries).toEqual([
      expect.objectContaining({
        type: 'gpt_condition',
        change: 'create',
        condition_id: 100,
        condition: 'Grund genannt',
        time: 7,
      }),
    ]);
  });

  it('undo of a create deletes it, redo creates it again under a new id', async () => {
    const fake = fakeServer(gptDialog());
    const controller = createController(fake.api);
    await controller.load(SURVEY_ID);
    await controller.addCondition('g1', 'Grund genannt');
    await controller.undo();
    expect(shownConditions()).toEqual([]);
    expect(serverConditions(fake.server())).toEqual([]);
    await controller.redo();
    expect(shownConditions()).toEqual([[101, 'Grund genannt']]);
    // The history follows the new id: undo now deletes condition 101.
    await controller.undo();
    expect(fake.api.deleteCondition).toHaveBeenLastCalledWith(SURVEY_ID, 101);
    expect(serverConditions(fake.server())).toEqual([]);
  });

  it('edit and delete are recorded; undoing them brings the text and the condition back', async () => {
    const fake = fakeServer(gptDialog());
    const controller = createController(fake.api);
    await controller.load(SURVEY_ID);
    await controller.addCondition('g1', 'alt');
    const condition = () => useConfiguratorStore.getState().dialog!.gpt_exit_conditions[0]!;
    await controller.updateCondition(condition(), 'neu');
    expect(shownConditions()).toEqual([[100, 'neu']]);
    await controller.deleteCondition(condition());
    expect(shownConditions()).toEqual([]);
    expect(useConfiguratorStore.getState().history.entries.map((e) => e.change)).toEqual([
      'create',
      'update',
      'delete',
    ]);
    await controller.undo();
    expect(shownConditions()).toEqual([[101, 'neu']]);
    await controller.undo();
    expect(fake.api.updateCondition).toHaveBeenLastCalledWith(SURVEY_ID, 101, 'alt');
    expect(serverConditions(fake.server())).toEqual([[101, 'alt']]);
    await controller.redo();
    await controller.redo();
    expect(serverConditions(fake.server())).toEqual([]);
    expect(useConfiguratorStore.getState().history.cursor).toBe(3);
  });

  it('a failed call is logged, reverted and shown as a notice, and records nothing', async () => {
    const fake = fakeServer(gptDialog());
    const controller = createController(fake.api);
    await controller.load(SURVEY_ID);
    fake.api.createCondition.mockRejectedValueOnce(
      new ApiError(0, 'network_error', 'Keine Antwort vom Server.'),
    );
    await controller.addCondition('g1', 'Grund genannt');
    expect(shownConditions()).toEqual([]);
    const state = useConfiguratorStore.getState();
    expect(state.notice).toMatchObject({ severity: 'error' });
    expect(state.notice?.text).toContain('Keine Antwort vom Server.');
    expect(state.history.entries).toEqual([]);
    expect(console.error).toHaveBeenCalled();

    await controller.addCondition('g1', 'bleibt');
    fake.api.deleteCondition.mockRejectedValueOnce(new ApiError(403, 'forbidden', 'Keine Berechtigung.'));
    await controller.deleteCondition(useConfiguratorStore.getState().dialog!.gpt_exit_conditions[0]!);
    expect(shownConditions()).toEqual([[100, 'bleibt']]);
    expect(useConfiguratorStore.getState().notice?.text).toContain('Keine Berechtigung.');
  });
});
