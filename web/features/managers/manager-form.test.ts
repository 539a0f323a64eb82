import { describe, expect, it } from 'vitest';
import type { SurveyListItem } from '../../../contract/dialogs.ts';
import { type Manager, swapManager } from '../../../contract/managers.ts';
import { surveyListItem } from '../../test-data.ts';
import {
  addDialog,
  changesOf,
  dialogChoices,
  draftOf,
  gamePath,
  inboundCall,
  moveDialog,
  openableNames,
  removeDialog,
  selectionOf,
  switchTargets,
} from './manager-form.ts';

const manager = (over: Partial<Manager> = {}): Manager => ({
  dialog_manager_id: 9,
  name: 'Krimi',
  game_title: '',
  description: '',
  favicon: '',
  meta_image: '',
  meta_text: '',
  additional_dms: [],
  additional_managers: [],
  connected_surveys: [
    { survey_id: 'b', survey_name: 'Zeuge', order: 20 },
    { survey_id: 'a', survey_name: 'Kommissarin', order: 10 },
  ],
  is_owner: true,
  created_at: 1,
  updated_at: 2,
  ...over,
});

describe('manager draft', () => {
  it('holds the dialogs by order, numbered 1..n, and sends nothing while unchanged', () => {
    const draft = draftOf(manager());
    expect(draft.connected_surveys.map((s) => [s.survey_id, s.order])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(changesOf(manager(), draft)).toBeNull();
    expect(changesOf(manager(), { ...draft, name: '  Krimi ' })).toBeNull();
  });

  it('sends only the changed fields, trimmed', () => {
    const draft = { ...draftOf(manager()), game_title: ' Der Fall ', additional_dms: [3] };
    expect(changesOf(manager(), draft)).toEqual({
      dialog_manager_id: 9,
      game_title: 'Der Fall',
      additional_dms: [3],
    });
  });

  it('adds, moves and removes dialogs, renumbering the orders', () => {
    const start = draftOf(manager()).connected_surveys;
    const added = addDialog(start, { survey_id: 'c', survey_name: 'Täter' });
    expect(added.map((s) => [s.survey_id, s.order])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(addDialog(added, { survey_id: 'c', survey_name: 'Täter' })).toEqual(added);
    const moved = moveDialog(added, 2, -1);
    expect(moved.map((s) => [s.survey_id, s.order])).toEqual([
      ['a', 1],
      ['c', 2],
      ['b', 3],
    ]);
    expect(moveDialog(moved, 0, -1)).toEqual(moved);
    expect(moveDialog(moved, 2, 1)).toEqual(moved);
    const removed = removeDialog(moved, 'a');
    expect(removed.map((s) => [s.survey_id, s.order])).toEqual([
      ['c', 1],
      ['b', 2],
    ]);
    expect(changesOf(manager(), { ...draftOf(manager()), connected_surveys: removed })).toEqual({
      dialog_manager_id: 9,
      connected_surveys: [
        { survey_id: 'c', order: 1 },
        { survey_id: 'b', order: 2 },
      ],
    });
  });
});

describe('switching managers (SPEC §4)', () => {
  it('swaps the chosen id with the current one in additional_dms and sorts the dialogs by order', () => {
    const selection = selectionOf(manager({ additional_dms: [4, 5] }));
    expect(selection.connected_surveys.map((s) => s.survey_id)).toEqual(['a', 'b']);
    const next = swapManager(selection, 5, [
      { survey_id: 'y', survey_name: 'Y', order: 2 },
      { survey_id: 'x', survey_name: 'X', order: 1 },
    ]);
    expect(next.dialog_manager_id).toBe(5);
    expect(next.additional_dms).toEqual([4, 9]);
    expect(next.connected_surveys.map((s) => s.survey_id)).toEqual(['x', 'y']);
  });
});

describe('addresses', () => {
  it('names the game routes of the fixed managers 3 and 4', () => {
    expect(gamePath(3)).toBe('/flow');
    expect(gamePath(4)).toBe('/aufderflucht');
    expect(gamePath(9)).toBeNull();
  });

  it('documents the inbound call of a waitAPI trigger', () => {
    const call = inboundCall('https://x.example', 12, 'geheim');
    expect(call.url).toBe('https://x.example/api/trigger_api/12');
    expect(call.example).toContain("-H 'X-Trigger-Secret: geheim'");
    expect(call.example).toContain('{"username_live": "…"}');
  });
});

describe('the switch to other managers (SPEC §4)', () => {
  it('offers only managers the caller may open, by the names the server gave', () => {
    // A member who is not the owner: the server trimmed additional_dms to what she may open.
    const shared = manager({
      dialog_manager_id: 5,
      is_owner: false,
      additional_dms: [7],
      additional_managers: [{ dialog_manager_id: 7, name: 'Sichtbar' }],
    });
    const names = openableNames([], [shared]);
    expect(switchTargets([7], names)).toEqual([{ id: 7, name: 'Sichtbar' }]);
    // An id nobody named (no access, or a stale entry) is never offered nor shown.
    expect(switchTargets([3, 7], names)).toEqual([{ id: 7, name: 'Sichtbar' }]);
    // After a switch the manager left is offered back under its name.
    expect(switchTargets([5], names)).toEqual([{ id: 5, name: 'Krimi' }]);
    // The caller's own managers are always known.
    expect(openableNames([manager({ dialog_manager_id: 3, name: 'Meins' })], []).get(3)).toBe('Meins');
  });
});

describe("'Dialog auswählen'", () => {
  const survey = (survey_id: string, over: Partial<SurveyListItem> = {}) =>
    surveyListItem({ survey_id, ...over });

  it('marks dialogs of another manager as taken and leaves out what cannot be connected', () => {
    const surveys = [
      survey('free'),
      survey('other'),
      survey('mine'),
      survey('removed'),
      survey('trainer', { role: 'train' }),
      survey('invited', { role: 'full', pending_invite: true }),
    ];
    const links = [
      { survey_id: 'other', dialog_manager_id: 4, manager_name: 'Fremdes Spiel' },
      { survey_id: 'mine', dialog_manager_id: 9, manager_name: 'Krimi' },
      { survey_id: 'removed', dialog_manager_id: 9, manager_name: 'Krimi' },
    ];
    const value = [{ survey_id: 'mine', survey_name: 'Dialog mine', order: 1 }];
    expect(dialogChoices(surveys, value, links, 9)).toEqual([
      { survey_id: 'free', survey_name: 'Dialog free', taken: null },
      {
        survey_id: 'other',
        survey_name: 'Dialog other',
        taken: { dialog_manager_id: 4, manager_name: 'Fremdes Spiel' },
      },
      // Removed in the draft, still linked to this manager on the server: free to add back.
      { survey_id: 'removed', survey_name: 'Dialog removed', taken: null },
    ]);
  });
});
