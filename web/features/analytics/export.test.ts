import { describe, expect, it } from 'vitest';
import { ANALYTICS_ROUTES } from '../../../contract/analytics.ts';
import { exportFileStem, pendingExport } from './export.ts';

/** The stored request that /login_refresh hands back as navigation state `{ replay }`. */
const replay = (body: unknown, path: string = ANALYTICS_ROUTES.export, method = 'POST') => ({
  replay: { method, path, body },
});
const filters = { mode: 'all', from: 1_700_000_000_000, to: null, finished_only: true, answer_equals: [] };

describe('pendingExport', () => {
  it("finds this dialog's export, with its format and filters", () => {
    const found = pendingExport(replay({ survey_id: 's1', format: 'csv', filters }), { survey_id: 's1' });
    expect(found).toMatchObject({ survey_id: 's1', format: 'csv', filters });
  });

  it("finds a game's export by its manager id", () => {
    const state = replay({ dialog_manager_id: 3, format: 'xlsx', filters });
    expect(pendingExport(state, { dialog_manager_id: 3 })).toMatchObject({ dialog_manager_id: 3 });
    expect(pendingExport(state, { dialog_manager_id: 4 })).toBeNull();
    expect(pendingExport(state, { survey_id: 's1' })).toBeNull();
  });

  it('ignores other screens, other calls and requests the contract refuses', () => {
    expect(pendingExport(replay({ survey_id: 's2', filters }), { survey_id: 's1' })).toBeNull();
    expect(
      pendingExport(replay({ survey_id: 's1' }, ANALYTICS_ROUTES.summary), { survey_id: 's1' }),
    ).toBeNull();
    expect(
      pendingExport(replay({ survey_id: 's1' }, ANALYTICS_ROUTES.export, 'GET'), { survey_id: 's1' }),
    ).toBeNull();
    expect(pendingExport(replay({ survey_id: 's1', format: 'pdf' }), { survey_id: 's1' })).toBeNull();
    expect(pendingExport(replay({ survey_id: 's1', dialog_manager_id: 3 }), { survey_id: 's1' })).toBeNull();
    for (const state of [null, undefined, 'x', {}, { replay: null }, { replay: 'x' }]) {
      expect(pendingExport(state, { survey_id: 's1' })).toBeNull();
    }
  });
});

describe('exportFileStem', () => {
  const now = new Date(2024, 4, 15);
  it('keeps letters and digits of the name and adds the day', () => {
    expect(exportFileStem('Kundenumfrage Süd 2024', now)).toBe('Analyse_Kundenumfrage_Süd_2024_2024-05-15');
    expect(exportFileStem('../a/b:c*?', now)).toBe('Analyse_a_b_c_2024-05-15');
    expect(exportFileStem('///', now)).toBe('Analyse_Dialog_2024-05-15');
  });
  it('keeps safe Unicode such as the en dash, as the server names the file', () => {
    expect(exportFileStem('Auf der Flucht – Demo-Krimi', now)).toBe(
      'Analyse_Auf_der_Flucht_–_Demo-Krimi_2024-05-15',
    );
  });
});
