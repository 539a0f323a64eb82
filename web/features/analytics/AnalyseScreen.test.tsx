// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_ROUTES, type SurveySummaryResponse } from '../../../contract/analytics.ts';
import { ERROR_TITLES } from '../../../contract/errors.ts';
import '../../i18n/index.ts';
import { de } from '../../i18n/de.ts';
import { setNavigator } from '../../navigation.ts';
import { queryClient } from '../../query-client.ts';
import { useAuthStore } from '../../state/auth.ts';
import { useDialogStore } from '../../state/dialog.ts';
import { useShellEvents } from '../../state/shell-events.ts';
import { ANNA_VERIFIED, jsonResponse, renderApp, requestBody, signInAnna } from '../../test-app.tsx';
import { stubResizeObserver } from '../../test-stubs.ts';

/** The Analyse screen against a mocked server: figures, a filter from a result, refresh, export. */

configure({ asyncUtilTimeout: 10_000 });

const SUMMARY: SurveySummaryResponse = {
  survey_id: 's1',
  survey_name: 'Kundenumfrage',
  headline: {
    started: 4,
    finished: 3,
    completion_rate: 0.75,
    duration_median_ms: 65_000,
    duration_mean_ms: 70_000,
    hidden_other_mode: 2,
  },
  blocks: [
    {
      unique_question_id: 'q1',
      type: 'single_choice',
      label: 'Zufrieden?',
      variable: 'v1',
      reached: 4,
      answered: 4,
      skipped: 0,
      left: 0,
      time_median_ms: 3000,
      followups: 0,
      result: {
        kind: 'choice',
        respondents: 4,
        options: [
          { label: 'Ja', count: 3, share: 0.75 },
          { label: 'Nein', count: 1, share: 0.25 },
        ],
      },
    },
    {
      unique_question_id: 'q2',
      type: 'likert',
      label: 'Weiterempfehlen',
      variable: 'v2',
      reached: 4,
      answered: 3,
      skipped: 0,
      left: 1,
      time_median_ms: 4000,
      followups: 0,
      result: {
        kind: 'likert',
        respondents: 3,
        options: [
          { label: 'gar nicht', count: 1, share: 1 / 3, score: 3 },
          { label: 'etwas', count: 0, share: 0, score: 2 },
          { label: 'sehr', count: 1, share: 1 / 3, score: 1 },
        ],
        not_applicable: 1,
        inverse: true,
        mean: 2,
        sd: Math.SQRT2,
      },
    },
  ],
  per_day: [{ day: '2024-05-14', started: 4, finished: 3 }],
};

/** Sessions 11 and 7 of the dialog (global ids): its 5th and 1st respondent. */
const RESPONDENTS = [
  { session_id: 11, number: 5, mode: 'live', started_at: 1_715_680_000_000, finished_at: null, answers: 1 },
  {
    session_id: 7,
    number: 1,
    mode: 'live',
    started_at: 1_715_670_000_000,
    finished_at: 1_715_670_065_000,
    answers: 2,
  },
];

type Reply = { status: number; body: unknown };
const calls: { path: string; body: unknown; auth: string | null }[] = [];
let exportReply: () => Reply | Response;

function reply(path: string): Reply | Response {
  switch (path) {
    case '/api/verify-token':
      return { status: 200, body: ANNA_VERIFIED };
    case '/api/dialog':
      return { status: 404, body: { title: 'not_found', msg: '' } };
    case '/api/login':
      return {
        status: 200,
        body: {
          success: true,
          firstName: 'Anna',
          lastName: 'Muster',
          token: 'T2',
          refresh_token: 'R2',
          user_id: 1,
        },
      };
    case ANALYTICS_ROUTES.summary:
      return { status: 200, body: SUMMARY };
    case ANALYTICS_ROUTES.respondents:
      return { status: 200, body: { total: RESPONDENTS.length, rows: RESPONDENTS } };
    case ANALYTICS_ROUTES.transcript:
      return { status: 200, body: { respondent: RESPONDENTS[0], messages: [] } };
    case ANALYTICS_ROUTES.deleteRespondent:
      return { status: 200, body: { msg: 'success' } };
    case ANALYTICS_ROUTES.crosstab:
      return {
        status: 200,
        body: {
          rows: ['Ja', 'Nein'],
          columns: ['gar nicht', 'sehr'],
          counts: [
            [1, 1],
            [0, 0],
          ],
          row_totals: [2, 0],
          column_totals: [1, 1],
          total: 2,
        },
      };
    case ANALYTICS_ROUTES.managerSummary:
      return {
        status: 200,
        body: {
          dialog_manager_id: 3,
          name: 'Spiel',
          game_title: 'Flow',
          players: 5,
          progress: [
            { survey_id: 's1', survey_name: 'Kundenumfrage', started: 4, finished: 3 },
            { survey_id: 's2', survey_name: 'Teil zwei', started: 2, finished: 1 },
          ],
          dialogs: [SUMMARY, { ...SUMMARY, survey_id: 's2', survey_name: 'Teil zwei', blocks: [] }],
        },
      };
    case ANALYTICS_ROUTES.export:
      return exportReply();
    case '/api/get_retention':
      return { status: 200, body: { retention_days: 30 } };
    case '/api/get_hidden_fields':
      return { status: 200, body: { fields: [{ name: 'src', required: false }] } };
    default:
      return { status: 404, body: { title: 'not_found', msg: '' } };
  }
}

function stubFetch() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    calls.push({
      path,
      body: requestBody(init),
      auth: new Headers(init.headers).get('authorization'),
    });
    const r = reply(path);
    return r instanceof Response ? r : jsonResponse(r.body, r.status);
  });
}

const renderAt = (path: string) => renderApp(path, { syncWindow: true });

const bodiesOf = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const figure = (label: string) =>
  within(screen.getByRole('group', { name: label })).getByTestId('figure-value');

describe('Analyse screen', () => {
  const downloads: string[] = [];
  beforeEach(() => {
    localStorage.clear();
    calls.length = 0;
    downloads.length = 0;
    queryClient.clear();
    useDialogStore.getState().clear();
    useAuthStore.getState().clearReturn();
    signInAnna();
    exportReply = () => new Response('xlsx-bytes', { status: 200 });
    stubFetch();
    // jsdom lacks these browser parts the charts and the download use.
    stubResizeObserver();
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setNavigator(null);
  });

  it('shows the headline figures, the hidden test answers and the results per block', async () => {
    renderAt('/analyse/s1');
    await screen.findByRole('heading', { level: 1, name: de.screens.Analyse });
    await screen.findByText('Kundenumfrage');
    expect(figure(de.analytics.headline.started).textContent).toBe('4');
    expect(figure(de.analytics.headline.finished).textContent).toBe('3');
    expect(figure(de.analytics.headline.completionRate).textContent).toBe('75\u00a0%');
    expect(figure(de.analytics.headline.durationMedian).textContent).toBe('1 min 5 s');
    expect(screen.getByText('2 Testteilnahmen ausgeblendet')).toBeTruthy();
    expect((await screen.findByTestId('retention-note')).textContent).toBe(
      'Antworten werden nach 30 Tagen gelöscht (ab der letzten Aktivität).',
    );
    expect(screen.getByText(de.analytics.results.inverse)).toBeTruthy();
    expect(screen.getByText('keine Angabe: 1 (nicht im Mittelwert)')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Zufrieden?' })).toBeTruthy();
    expect(bodiesOf(ANALYTICS_ROUTES.summary)[0]).toMatchObject({
      survey_id: 's1',
      filters: { mode: 'live', from: null, to: null, finished_only: false, answer_equals: [] },
    });
  });

  /** The summary and the respondents list were last asked with these filters. */
  const reachesEveryFigure = async (filters: object) => {
    for (const route of [ANALYTICS_ROUTES.summary, ANALYTICS_ROUTES.respondents]) {
      await waitFor(() => expect(bodiesOf(route).at(-1)).toMatchObject({ filters }));
    }
  };

  it('an answer filter from a result applies to every figure and can be removed', async () => {
    renderAt('/analyse/s1');
    const block = await screen.findByRole('region', { name: 'Zufrieden?' });
    fireEvent.click(within(block).getByRole('button', { name: 'Als Filter: Ja' }));
    const chips = await screen.findByRole('list', { name: de.analytics.filters.answerFilters });
    expect(within(chips).getByText('Zufrieden? = Ja')).toBeTruthy();
    const filtered = { answer_equals: [{ unique_question_id: 'q1', value: 'Ja' }] };
    await reachesEveryFigure(filtered);
    fireEvent.click(within(chips).getByTestId('CancelIcon'));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: de.analytics.filters.answerFilters })).toBeNull(),
    );
  });

  it("a filter on a hidden field's value applies to every figure; a value no link carries is refused at the field", async () => {
    renderAt('/analyse/s1');
    const group = await screen.findByRole('group', { name: de.analytics.filters.hidden });
    const value = within(group).getByLabelText(de.analytics.filters.hiddenValue);
    fireEvent.change(value, { target: { value: 'a<b' } });
    fireEvent.click(within(group).getByRole('button', { name: de.analytics.filters.hiddenAdd }));
    expect(await within(group).findByText(/nur Buchstaben, Ziffern/)).toBeTruthy();
    fireEvent.change(value, { target: { value: 'panel' } });
    fireEvent.click(within(group).getByRole('button', { name: de.analytics.filters.hiddenAdd }));
    const chips = await screen.findByRole('list', { name: de.analytics.filters.hiddenFilters });
    expect(within(chips).getByText('src = panel')).toBeTruthy();
    const filtered = { hidden_equals: [{ name: 'src', value: 'panel' }] };
    await reachesEveryFigure(filtered);
    fireEvent.click(within(chips).getByTestId('CancelIcon'));
    await waitFor(() =>
      expect(bodiesOf(ANALYTICS_ROUTES.summary).at(-1)).toMatchObject({ filters: { hidden_equals: [] } }),
    );
  });

  it("respondents show the dialog's running number; transcript and delete still call with the session id", async () => {
    renderAt('/analyse/s1');
    const panel = await screen.findByRole('table', { name: de.analytics.respondents.title });
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('rowheader')
          .map((c) => c.textContent),
      ).toEqual(['5', '1']),
    );
    const first = within(panel).getAllByRole('row')[1]!;
    fireEvent.click(within(first).getByRole('button', { name: de.analytics.respondents.transcript }));
    expect(await screen.findByRole('heading', { name: 'Verlauf von Nr. 5' })).toBeTruthy();
    await waitFor(() =>
      expect(bodiesOf(ANALYTICS_ROUTES.transcript)).toEqual([{ survey_id: 's1', session_id: 11 }]),
    );
    fireEvent.click(screen.getByRole('button', { name: de.common.close }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Verlauf von Nr. 5' })).toBeNull());

    // Once the popup has gone, the page is no longer hidden from the accessibility tree.
    const deleteButton = await waitFor(
      () =>
        within(screen.getByRole('table', { name: de.analytics.respondents.title }))
          .getAllByRole('button', { name: de.analytics.respondents.delete })
          .at(0)!,
    );
    fireEvent.click(deleteButton);
    const confirm = await screen.findByRole('dialog', { name: de.analytics.respondents.deleteTitle });
    expect(within(confirm).getByText(/Verlauf von Nr\. 5 werden endgültig gelöscht/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: de.analytics.respondents.delete }));
    await waitFor(() =>
      expect(bodiesOf(ANALYTICS_ROUTES.deleteRespondent)).toEqual([{ survey_id: 's1', session_id: 11 }]),
    );
  });

  it("the top bar's update button loads the figures again", async () => {
    renderAt('/analyse/s1');
    await screen.findByRole('region', { name: 'Zufrieden?' });
    const before = bodiesOf(ANALYTICS_ROUTES.summary).length;
    fireEvent.click(screen.getByRole('button', { name: de.topBar.updateAnalysis }));
    await waitFor(() => expect(bodiesOf(ANALYTICS_ROUTES.summary).length).toBeGreaterThan(before));
  });

  it('exports the file with the current filters', async () => {
    renderAt('/analyse/s1');
    await screen.findByRole('region', { name: 'Zufrieden?' });
    fireEvent.click(screen.getByRole('button', { name: de.analytics.export.csv }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(/^Analyse_Kundenumfrage_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(bodiesOf(ANALYTICS_ROUTES.export)[0]).toMatchObject({
      survey_id: 's1',
      format: 'csv',
      filters: { mode: 'live' },
    });
  });

  it('multi-chat: players, progress per dialog, and each dialog in its tab', async () => {
    renderAt('/analyse_multichat/3');
    await screen.findByText('5 Spielerinnen und Spieler');
    expect(screen.getByRole('region', { name: de.analytics.multichat.progress })).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: de.analytics.multichat.dialogs });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Kundenumfrage', 'Teil zwei']);
    expect(await screen.findByRole('region', { name: 'Zufrieden?' })).toBeTruthy();
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Teil zwei' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Zufrieden?' })).toBeNull());
    expect(bodiesOf(ANALYTICS_ROUTES.managerSummary)[0]).toMatchObject({
      dialog_manager_id: 3,
      filters: { mode: 'live' },
    });
    fireEvent.click(screen.getByRole('button', { name: de.analytics.export.excel }));
    await waitFor(() => expect(downloads).toEqual([expect.stringMatching(/^Analyse_Flow_.*\.xlsx$/)]));
    expect(bodiesOf(ANALYTICS_ROUTES.export)[0]).toMatchObject({ dialog_manager_id: 3, format: 'xlsx' });
  });

  it("'Fresh token required': re-login, back to Analyse with the same filters, and the export finishes", async () => {
    let fresh = false;
    exportReply = () =>
      fresh
        ? new Response('xlsx-bytes', { status: 200 })
        : { status: 401, body: { title: ERROR_TITLES.freshTokenRequired, msg: 'Bitte erneut anmelden.' } };
    const router = renderAt('/analyse/s1');
    await screen.findByRole('region', { name: 'Zufrieden?' });
    fireEvent.click(screen.getByLabelText(de.analytics.filters.finishedOnly));
    fireEvent.click(screen.getByRole('button', { name: de.analytics.export.excel }));

    await screen.findByRole('heading', { name: de.login.refreshTitle });
    expect(router.state.location.pathname).toBe('/login_refresh');
    const asked = bodiesOf(ANALYTICS_ROUTES.export)[0];
    expect(asked).toMatchObject({ survey_id: 's1', format: 'xlsx', filters: { finished_only: true } });
    expect(useAuthStore.getState().storedRoute).toBe('/analyse/s1');
    expect(useAuthStore.getState().storedConfig).toEqual({
      method: 'POST',
      path: ANALYTICS_ROUTES.export,
      body: asked,
    });
    expect(downloads).toHaveLength(0);

    fresh = true;
    fireEvent.change(await screen.findByLabelText(/Benutzername/), { target: { value: 'anna' } });
    fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(/\.xlsx$/);
    expect(router.state.location.pathname).toBe('/analyse/s1');
    const exports = calls.filter((c) => c.path === ANALYTICS_ROUTES.export);
    expect(exports).toHaveLength(2);
    expect(exports[1]).toMatchObject({ body: asked, auth: 'Bearer T2' });
    // The screen shows the filters of the export, and the replay is gone from the history entry.
    await waitFor(() =>
      expect(screen.getByLabelText(de.analytics.filters.finishedOnly)).toHaveProperty('checked', true),
    );
    expect(router.state.location.state).toBeNull();
    await act(async () => {
      useShellEvents.getState().emit('analyseRefresh');
    });
    expect(calls.filter((c) => c.path === ANALYTICS_ROUTES.export)).toHaveLength(2);
  });
});
