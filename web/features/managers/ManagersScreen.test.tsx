// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Manager } from '../../../contract/managers.ts';
import '../../i18n/index.ts';
import type { Role } from '../../../contract/roles.ts';
import { de } from '../../i18n/de.ts';
import { setNavigator } from '../../navigation.ts';
import { queryClient } from '../../query-client.ts';
import { useErrorStore } from '../../state/error.ts';
import { ANNA_VERIFIED, jsonResponse, renderApp, requestBody, signInAnna } from '../../test-app.tsx';
import { surveyListItem } from '../../test-data.ts';

/** The managers screen against a mocked server: switching managers (SPEC §4) and a failed save (§8). */

configure({ asyncUtilTimeout: 10_000 });

const m = de.managers;

const NAMES: Record<number, string> = {
  5: 'Erstes Spiel',
  6: 'Zweites Spiel',
  8: 'Fremdes Spiel',
  9: 'Nachbarspiel',
};

const manager = (id: number, name: string, additional: number[], is_owner = true): Manager => ({
  dialog_manager_id: id,
  name,
  game_title: '',
  description: '',
  favicon: '',
  meta_image: '',
  meta_text: '',
  additional_dms: additional,
  additional_managers: additional.map((other) => ({ dialog_manager_id: other, name: NAMES[other]! })),
  connected_surveys: [{ survey_id: `s${id}`, survey_name: `Dialog ${id}`, order: 1 }],
  is_owner,
  created_at: 1,
  updated_at: 2,
});

const MANAGERS = [manager(5, 'Erstes Spiel', [6]), manager(6, 'Zweites Spiel', [])];
/**
 * Managers of another owner that Anna reads as a member of one of their dialogs: the server named in
 * additional_dms only the one she may open (8 also offers 3 to its owner).
 */
const SHARED = [manager(8, 'Fremdes Spiel', [9], false), manager(9, 'Nachbarspiel', [], false)];
const DIALOG_LINKS = [
  { survey_id: 's5', dialog_manager_id: 5, manager_name: 'Erstes Spiel' },
  { survey_id: 's6', dialog_manager_id: 6, manager_name: 'Zweites Spiel' },
  { survey_id: 'belegt', dialog_manager_id: 8, manager_name: 'Fremdes Spiel' },
];
const survey = (survey_id: string, survey_name: string, role: Role = 'owner') =>
  surveyListItem({ survey_id, survey_name, role });
const SURVEYS = [
  survey('s5', 'Dialog 5'),
  survey('frei', 'Freier Dialog'),
  survey('belegt', 'Belegter Dialog', 'edit_train'),
];
/** Manager 5's waitAPI triggers: one within its dialog s5, one into a dialog Anna may not view. */
const waitTrigger = (id: number, trigger: string) => ({
  id,
  dialog_manager_id: 5,
  survey_id: 's5',
  unique_question_id: 'q-wait',
  trigger,
  init_survey: false,
});
const WAIT_TRIGGERS = [waitTrigger(11, 'waitAPI;s5;q-next'), waitTrigger(12, 'waitAPI;fremd;q-x')];
const block = (unique_question_id: string, order: number, context: string) => ({
  unique_question_id,
  order,
  type: 'message',
  context,
});
const S5_BLOCKS = [block('q-wait', 2, 'Warte auf das Labor'), block('q-next', 3, 'Das Ergebnis')];
const CONFLICT = 'connected_surveys: Der Dialog gehört schon zu einem anderen Dialog-Manager.';

function reply(path: string, body: unknown): { status: number; body: unknown } {
  if (path === '/api/verify-token') return { status: 200, body: ANNA_VERIFIED };
  if (path === '/api/get_dialogmanager_list')
    return { status: 200, body: { dialog_managers: MANAGERS, dialog_links: DIALOG_LINKS } };
  if (path === '/api/get_dialogmanager') {
    const id = (body as { dialog_manager_id: number }).dialog_manager_id;
    const found = [...MANAGERS, ...SHARED].find((x) => x.dialog_manager_id === id);
    return found ? { status: 200, body: found } : { status: 404, body: { title: 'not_found', msg: '' } };
  }
  if (path.startsWith('/api/get_dialogmanager_trigger/'))
    return { status: 200, body: { trigger_objects: path.endsWith('/5') ? WAIT_TRIGGERS : [] } };
  if (path === '/api/dialog' && (body as { survey_id: string }).survey_id === 's5')
    return { status: 200, body: { survey_id: 's5', survey_name: 'Dialog 5', all_questions: S5_BLOCKS } };
  if (path === '/api/get_survey_list') return { status: 200, body: { surveys: SURVEYS } };
  if (path === '/api/update_dialogmanager')
    return { status: 409, body: { title: 'conflict', msg: CONFLICT } };
  return { status: 404, body: { title: 'not_found', msg: '' } };
}

const renderAt = (path: string) => renderApp(path, { syncWindow: true });

describe('managers screen', () => {
  beforeEach(() => {
    localStorage.clear();
    queryClient.clear();
    useErrorStore.getState().hideError();
    signInAnna();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const r = reply(String(input), requestBody(init));
      return jsonResponse(r.body, r.status);
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setNavigator(null);
  });

  it('switching to an offered manager swaps it with the current one in the offered list', async () => {
    const router = renderAt('/managers/5');
    await screen.findByRole('heading', { level: 2, name: 'Erstes Spiel' });
    // Authors read German labels, never field names or raw ids.
    expect(document.body.textContent).not.toMatch(/additional_dms|\bID \d|s5/);
    expect(screen.getByRole('heading', { level: 3, name: m.additional.title })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `${m.additional.switchLabel}: Zweites Spiel` }));
    await screen.findByRole('heading', { level: 2, name: 'Zweites Spiel' });
    expect(router.state.location.pathname).toBe('/managers/6');
    // Manager 6 stores no additional_dms; the screen offers 5 in 6's place (SPEC §4).
    expect(screen.getByRole('button', { name: `${m.additional.switchLabel}: Erstes Spiel` })).toBeTruthy();
    const links = screen.getByLabelText(m.links.live) as HTMLInputElement;
    expect(links.value).toMatch(/\/multi_live\/6$/);
  });

  it('a member who is not the owner is offered only the managers she may open, and can switch to them', async () => {
    const router = renderAt('/managers/8');
    await screen.findByRole('heading', { level: 2, name: 'Fremdes Spiel' });
    expect(screen.getByText(m.readOnly)).toBeTruthy();
    expect(screen.queryByText(/#\d/)).toBeNull();
    expect(screen.getAllByRole('button', { name: new RegExp(m.additional.switchLabel) })).toHaveLength(1);
    // Not in her own list: loaded with get_dialogmanager, then swapped (SPEC §4).
    fireEvent.click(screen.getByRole('button', { name: `${m.additional.switchLabel}: Nachbarspiel` }));
    await screen.findByRole('heading', { level: 2, name: 'Nachbarspiel' });
    expect(router.state.location.pathname).toBe('/managers/9');
    expect(screen.getByRole('button', { name: `${m.additional.switchLabel}: Fremdes Spiel` })).toBeTruthy();
  });

  it("'Dialog auswählen' shows a dialog of another manager as taken and does not let it be picked", async () => {
    renderAt('/managers/5');
    await screen.findByRole('heading', { level: 2, name: 'Erstes Spiel' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: m.connected.addLabel }));
    const listbox = await screen.findByRole('listbox');
    const options = await within(listbox).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Freier Dialog',
      `Belegter Dialog${m.connected.taken.replace('{{manager}}', 'Fremdes Spiel')}`,
    ]);
    expect(options[0]!.getAttribute('aria-disabled')).not.toBe('true');
    expect(options[1]!.getAttribute('aria-disabled')).toBe('true');
  });

  it('waitAPI triggers name their blocks by number and name, never by raw ids', async () => {
    renderAt('/managers/5');
    await screen.findByRole('heading', { level: 3, name: m.secrets.title });
    await screen.findByText(
      'Trigger 11: Dialog 5, Block 2 „Warte auf das Labor“ → Dialog 5, Block 3 „Das Ergebnis“',
    );
    // The target's dialog is not Anna's to view: named as such, neither its id nor its block's.
    expect(
      screen.getByText(`Trigger 12: Dialog 5, Block 2 „Warte auf das Labor“ → ${m.secrets.hiddenDialog}`),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/q-wait|q-next|q-x|fremd/);
  });

  it('a failed save is logged and shown as a notice, never as the error dialog', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/managers/5');
    const title = await screen.findByLabelText(m.fields.game_title);
    fireEvent.change(title, { target: { value: 'Der Fall' } });
    fireEvent.click(screen.getByRole('button', { name: m.save }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(`Das hat nicht geklappt: ${CONFLICT}`)).toBeTruthy();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(useErrorStore.getState().show).toBe(false);
    // The draft is kept for another try.
    expect((screen.getByLabelText(m.fields.game_title) as HTMLInputElement).value).toBe('Der Fall');
  });
});
