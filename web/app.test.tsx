// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TITLES, MESSAGES } from '../contract/errors.ts';
import './i18n/index.ts';
import { setNavigator } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { useAuthStore } from './state/auth.ts';
import { useBannerStore } from './state/banner.ts';
import { useDialogStore } from './state/dialog.ts';
import { useErrorStore } from './state/error.ts';
import { useLiveAuthStore } from './state/live-auth.ts';
import { useShellEvents } from './state/shell-events.ts';
import { ANNA_LOGIN, ANNA_VERIFIED, jsonResponse, renderApp, signInAnna } from './test-app.tsx';

// Screens load lazily; on a busy 2-core CI machine that takes longer than the default 1 s wait.
configure({ asyncUtilTimeout: 10_000 });

type Reply = { status: number; body: unknown } | 'no-response';
type Handler = (path: string, init: RequestInit) => Reply;

let handler: Handler = () => ({ status: 404, body: { title: 'not_found', msg: '' } });
const requests: string[] = [];
/** The Authorization header of each request, in order. */
const authHeaders: (string | null)[] = [];

function stubFetch() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    requests.push(path);
    authHeaders.push(new Headers(init.headers).get('authorization'));
    const reply = handler(path, init);
    if (reply === 'no-response') throw new TypeError('Failed to fetch');
    return jsonResponse(reply.body, reply.status);
  });
}

const loginOk = ANNA_LOGIN;

const renderAt = (path: string) => renderApp(path);

/** A server that accepts Anna's login and her token. */
const acceptLogin: Handler = (path) =>
  path === '/api/login'
    ? { status: 200, body: loginOk }
    : path === '/api/verify-token'
      ? { status: 200, body: ANNA_VERIFIED }
      : { status: 404, body: {} };

async function submitLogin(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/Benutzername/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('web app shell', () => {
  beforeEach(() => {
    localStorage.clear();
    requests.length = 0;
    authHeaders.length = 0;
    useAuthStore.getState().clearSession();
    useAuthStore.getState().clearReturn();
    useAuthStore.getState().setGlobalError(null);
    queryClient.clear();
    stubFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setNavigator(null);
  });

  it('shows the login on unknown paths, with the route title', async () => {
    renderAt('/gibt/es/nicht');
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(document.title).toBe('Anmelden – Dialogwerk');
    expect(screen.queryByTestId('admin-top-bar')).toBeNull();
  });

  it('signs in and goes to the dashboard', async () => {
    handler = acceptLogin;
    const router = renderAt('/login');
    await submitLogin('anna', 'geheim');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('T1');
    expect(localStorage.getItem('refresh_token')).toBe('R1');
    expect(await screen.findByTestId('admin-top-bar')).toBeTruthy();
    expect(screen.getByText('AM')).toBeTruthy();
  });

  it.each([
    [{ status: 418, body: { title: ERROR_TITLES.passwordExpired, msg: '' } }, MESSAGES.loginPasswordExpired],
    [{ status: 429, body: { title: ERROR_TITLES.tooManyAttempts, msg: '' } }, MESSAGES.loginTooManyAttempts],
    [{ status: 401, body: { title: ERROR_TITLES.invalidCredentials, msg: '' } }, 'Invalid credentials'],
    [{ status: 200, body: { ...loginOk, success: false } }, 'Invalid credentials'],
    ['no-response' as const, 'Fehler.'],
  ])('login failure %# shows its SPEC message', async (reply, message) => {
    handler = () => reply;
    renderAt('/login');
    await submitLogin('anna', 'falsch');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('/login with a valid token goes to the dashboard', async () => {
    signInAnna();
    handler = (path) =>
      path === '/api/verify-token' ? { status: 200, body: ANNA_VERIFIED } : { status: 404, body: {} };
    const router = renderAt('/login');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a token refreshed in the background keeps the screen (no second verification)', async () => {
    signInAnna();
    handler = (path) =>
      path === '/api/verify-token' ? { status: 200, body: ANNA_VERIFIED } : { status: 404, body: {} };
    renderAt('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    act(() => useAuthStore.getState().setTokens('T2', 'R2'));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(requests.filter((r) => r === '/api/verify-token')).toHaveLength(1);
  });

  it('guard: a protected route without a token goes to /login without calling verify', async () => {
    const router = renderAt('/configurator/abc');
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(router.state.location.pathname).toBe('/login');
    expect(requests).not.toContain('/api/verify-token');
  });

  it('guard: a token that fails verification (and refresh) ends at /login with the logged-out message', async () => {
    signInAnna();
    handler = () => ({ status: 401, body: { title: ERROR_TITLES.unauthorized, msg: '' } });
    const router = renderAt('/dashboard');
    await screen.findByText(MESSAGES.loggedOut);
    expect(router.state.location.pathname).toBe('/login');
    expect(requests).toEqual(['/api/verify-token', '/api/refresh']);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("an expired token whose refresh fails gives the 'automatisch ausgeloggt' message", async () => {
    signInAnna();
    handler = (path) =>
      path === '/api/refresh'
        ? { status: 401, body: { title: ERROR_TITLES.unauthorized, msg: '' } }
        : { status: 401, body: { title: ERROR_TITLES.tokenExpired, msg: '' } };
    renderAt('/dashboard');
    await screen.findByText(MESSAGES.tokenExpired);
  });

  it("/login_refresh without a stored route says 'Bitte anmelden.'", async () => {
    renderAt('/login_refresh');
    await screen.findByText(MESSAGES.pleaseLogin);
  });

  it('/login_refresh returns to the stored route after signing in', async () => {
    useAuthStore.getState().storeReturn('/share/xyz', { method: 'POST', path: '/api/excel_export' });
    handler = acceptLogin;
    const router = renderAt('/login_refresh');
    expect(screen.queryByText(MESSAGES.pleaseLogin)).toBeNull();
    await submitLogin('anna', 'geheim');
    await screen.findByRole('heading', { name: 'Teilen' });
    expect(router.state.location.pathname).toBe('/share/xyz');
    expect(router.state.location.state).toEqual({ replay: { method: 'POST', path: '/api/excel_export' } });
    expect(localStorage.getItem('stored_route')).toBeNull();
  });

  it('live routes show the live top bar and use no author token', async () => {
    signInAnna();
    renderAt('/dialog/abc');
    await screen.findByTestId('live-top-bar');
    expect(screen.queryByTestId('admin-top-bar')).toBeNull();
    // The chat loads its config through the live client: no call carries the author token or checks it.
    expect(requests).not.toContain('/api/verify-token');
    expect(authHeaders).not.toContain('Bearer T1');
    // Restart and cancel stay disabled until the dialog's language fragments are loaded.
    expect(screen.getByRole('button', { name: 'Neu starten' })).toHaveProperty('disabled', true);
  });

  it('live restart asks with the texts of the language fragments, then tells the chat', async () => {
    renderAt('/dialog/abc');
    await screen.findByTestId('live-top-bar');
    // Restart is offered once the respondent has consented (before that there is no chat to restart).
    act(() => useLiveAuthStore.setState({ storage_accepted: true }));
    act(() =>
      useDialogStore.getState().setFragments({
        restart: 'Neu beginnen',
        restart_pop_up: {
          header: 'Neustart?',
          text: 'Alles geht verloren.',
          btn_back: 'Zurück',
          btn_restart: 'Ja',
        },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Neu beginnen' }));
    expect(await screen.findByText('Alles geht verloren.')).toBeTruthy();
    const before = useShellEvents.getState().liveRestart;
    fireEvent.click(screen.getByRole('button', { name: 'Ja' }));
    expect(useShellEvents.getState().liveRestart).toBe(before + 1);
    act(() => useDialogStore.getState().clear());
    act(() => useLiveAuthStore.setState({ storage_accepted: false }));
  });

  it('the global error dialog shows the default text, or the dialog-ended text for the special titles', async () => {
    renderAt('/login');
    await screen.findByRole('button', { name: 'Anmelden' });
    act(() => useErrorStore.getState().showError({ title: 'Hoppla' }));
    expect(await screen.findByText(MESSAGES.errorDialogDefault)).toBeTruthy();
    act(() => useErrorStore.getState().showError({ title: ERROR_TITLES.dialogInactive, msg: 'x' }));
    expect(await screen.findByText(MESSAGES.dialogEnded)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(useErrorStore.getState().show).toBe(false));
  });

  it('no top bar on the public game routes, with their own title', async () => {
    renderAt('/aufderflucht');
    // No game behind the alias in this test: the game screen says so, in the route's own head.
    await screen.findByText('Dieses Spiel gibt es nicht.');
    expect(requests).toContain('/api/game_meta/aufderflucht');
    expect(document.title).toBe('Auf der Flucht – Das Krimi-Spiel im Messenger');
    expect(screen.queryByTestId('live-top-bar')).toBeNull();
  });

  it('invalid magic link', async () => {
    handler = () => ({
      status: 400,
      body: { title: ERROR_TITLES.invalidLink, msg: MESSAGES.invalidMagicLink },
    });
    renderAt('/magic_link?token=abc');
    await screen.findByText(MESSAGES.invalidMagicLink);
    expect(requests).toEqual(['/api/magic_link']);
  });

  it('magic link registration stores the session and opens the invited dialog', async () => {
    handler = (path) => {
      if (path === '/api/magic_link')
        return {
          status: 200,
          body: {
            success: true,
            purpose: 'invitation',
            email: 'a@b.de',
            account_exists: false,
            survey_id: 's9',
          },
        };
      if (path === '/api/magic_link_registration')
        return {
          status: 200,
          body: { ...loginOk, msg: 'success', survey_id: 's9' },
        };
      if (path === '/api/verify-token') return { status: 200, body: ANNA_VERIFIED };
      return { status: 404, body: {} };
    };
    const router = renderAt('/magic_link?token=abc');
    fireEvent.change(await screen.findByLabelText(/Benutzername/), { target: { value: 'anna' } });
    fireEvent.change(screen.getByLabelText(/Vorname/), { target: { value: 'Anna' } });
    fireEvent.change(screen.getByLabelText(/Nachname/), { target: { value: 'Muster' } });
    fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: 'kurz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto anlegen' }));
    await screen.findByText(/mindestens 10 Zeichen$/);
    expect(requests).not.toContain('/api/magic_link_registration');
    fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: 'lang-genug-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto anlegen' }));
    await screen.findByRole('heading', { name: 'Bearbeiten' });
    expect(router.state.location.pathname).toBe('/configurator/s9');
    expect(localStorage.getItem('token')).toBe('T1');
  });

  it('magic link registration failure shows the server message of a 400', async () => {
    handler = (path) =>
      path === '/api/magic_link'
        ? {
            status: 200,
            body: {
              success: true,
              purpose: 'registration',
              email: 'a@b.de',
              account_exists: false,
              survey_id: null,
            },
          }
        : { status: 400, body: { title: ERROR_TITLES.usernameExists, msg: 'Benutzername vergeben.' } };
    renderAt('/magic_link?token=abc');
    fireEvent.change(await screen.findByLabelText(/Benutzername/), { target: { value: 'anna' } });
    fireEvent.change(screen.getByLabelText(/Vorname/), { target: { value: 'Anna' } });
    fireEvent.change(screen.getByLabelText(/Nachname/), { target: { value: 'Muster' } });
    fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: 'lang-genug-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto anlegen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Benutzername vergeben.');
  });

  it('info pages render the markdown with its title, or a German error', async () => {
    handler = (path) =>
      path === '/api/pages/agb'
        ? {
            status: 200,
            body: { name: 'agb', title: 'Allgemeine Geschäftsbedingungen', markdown: '## Geltung\n\nText' },
          }
        : { status: 500, body: { title: 'internal_error', msg: '' } };
    renderAt('/agb');
    await screen.findByRole('heading', { name: 'Allgemeine Geschäftsbedingungen', level: 1 });
    expect(screen.getByRole('heading', { name: 'Geltung', level: 2 })).toBeTruthy();
    cleanup();
    renderAt('/bi');
    await screen.findByText(/Die Seite konnte nicht geladen werden/);
  });

  it('server_busy shows the info banner for 6000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt('/login');
      await screen.findByRole('button', { name: 'Anmelden' });
      act(() => useBannerStore.getState().showServerBusy());
      expect(screen.getByText(MESSAGES.serverBusy)).toBeTruthy();
      expect(screen.getByRole('progressbar', { name: /Unser Messenger/ })).toBeTruthy();
      act(() => vi.advanceTimersByTime(5900));
      expect(screen.queryByText(MESSAGES.serverBusy)).not.toBeNull();
      act(() => vi.advanceTimersByTime(200));
      await waitFor(() => expect(screen.queryByText(MESSAGES.serverBusy)).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it('the banner closes with its close button', async () => {
    renderAt('/login');
    await screen.findByRole('button', { name: 'Anmelden' });
    act(() => useBannerStore.getState().showBanner({ text: 'Kaputt' }));
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByText('Kaputt')).toBeNull());
  });
});
