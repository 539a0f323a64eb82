import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ConnectedSurvey,
  createManagerRequest,
  type ManagerSelection,
  sortConnectedSurveys,
  swapManager,
  updateManagerRequest,
} from './managers.ts';
import './zod-setup.ts';

describe('manager swap (SPEC §4)', () => {
  const surveys: ConnectedSurvey[] = [
    { survey_id: 'c', survey_name: 'Drei', order: 3 },
    { survey_id: 'a', survey_name: 'Eins', order: 1 },
    { survey_id: 'b', survey_name: 'Zwei', order: 2 },
  ];
  const current: ManagerSelection = {
    dialog_manager_id: 3,
    additional_dms: [7, 4, 9],
    connected_surveys: [{ survey_id: 'x', survey_name: 'Alt', order: 1 }],
  };

  it('swaps the chosen id with the current one in place and sorts the dialogs by order', () => {
    expect(swapManager(current, 4, surveys)).toEqual({
      dialog_manager_id: 4,
      additional_dms: [7, 3, 9],
      connected_surveys: [surveys[1], surveys[2], surveys[0]],
    });
    expect(current.additional_dms).toEqual([7, 4, 9]);
  });

  it('swapping back restores the first state', () => {
    const there = swapManager(current, 9, surveys);
    expect(swapManager(there, 3, current.connected_surveys)).toEqual(current);
  });

  it('changes nothing for the current manager or one not offered', () => {
    expect(swapManager(current, 3, surveys)).toBe(current);
    expect(swapManager(current, 5, surveys)).toBe(current);
  });

  it('sorts equal orders by name, then id, whatever the input order', () => {
    const tied: ConnectedSurvey[] = [
      { survey_id: 'z', survey_name: 'Beta', order: 1 },
      { survey_id: 'y', survey_name: 'Alpha', order: 1 },
      { survey_id: 'x', survey_name: 'Alpha', order: 1 },
      { survey_id: 'w', survey_name: 'Omega', order: 0 },
    ];
    const expected = ['w', 'x', 'y', 'z'];
    fc.assert(
      fc.property(fc.shuffledSubarray(tied, { minLength: 4, maxLength: 4 }), (input) => {
        expect(sortConnectedSurveys(input).map((s) => s.survey_id)).toEqual(expected);
      }),
    );
  });

  it('keeps every id exactly once', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 2, maxLength: 10 }),
        fc.nat(),
        (ids, pick) => {
          const [currentId, ...rest] = ids as [number, ...number[]];
          const chosen = rest[pick % rest.length]!;
          const next = swapManager(
            { dialog_manager_id: currentId, additional_dms: rest, connected_surveys: [] },
            chosen,
            [],
          );
          expect(next.dialog_manager_id).toBe(chosen);
          expect([next.dialog_manager_id, ...next.additional_dms].sort()).toEqual([...ids].sort());
        },
      ),
    );
  });
});

describe('manager fields', () => {
  it('refuses duplicates and names the field', () => {
    const twice = createManagerRequest.safeParse({
      name: 'Spiel',
      connected_surveys: [
        { survey_id: 'a', order: 1 },
        { survey_id: 'a', order: 2 },
      ],
    });
    expect(twice.error?.issues[0]).toMatchObject({
      path: ['connected_surveys'],
      message: 'enthält einen Dialog doppelt',
    });
    const sameOrder = createManagerRequest.safeParse({
      name: 'Spiel',
      connected_surveys: [
        { survey_id: 'a', order: 1 },
        { survey_id: 'b', order: 1 },
      ],
    });
    expect(sameOrder.error?.issues[0]?.message).toBe('enthält eine Reihenfolge doppelt');
    expect(createManagerRequest.safeParse({ name: 'x', additional_dms: [4, 4] }).success).toBe(false);
    expect(createManagerRequest.safeParse({ name: '  ' }).success).toBe(false);
  });

  it('takes page assets as empty, http(s), /media/ or /img/ only', () => {
    for (const favicon of ['', 'https://example.org/f.svg', '/media/abc.png', '/img/favicon-flow.svg']) {
      expect(createManagerRequest.safeParse({ name: 'x', favicon }).success, favicon).toBe(true);
    }
    for (const favicon of ['javascript:alert(1)', '/etc/passwd', 'favicon', 'data:image/png;base64,AA']) {
      expect(createManagerRequest.safeParse({ name: 'x', favicon }).success, favicon).toBe(false);
    }
  });

  it('update changes only the fields sent', () => {
    expect(updateManagerRequest.parse({ dialog_manager_id: 4, meta_text: ' Hallo ' })).toEqual({
      dialog_manager_id: 4,
      meta_text: 'Hallo',
    });
  });
});
