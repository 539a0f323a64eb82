// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../contract/errors.ts';
import './i18n/index.ts';
import { setNavigator } from './navigation.ts';
import { queryClient } from './query-client.ts';
import SignInPage from './SignInPage.tsx';
import { useAuthStore } from './state/auth.ts';
import { useBannerStore } from './state/banner.ts';
import { ANNA_LOGIN, jsonResponse } from './test-app.tsx';

// The form's check (zod) and the banner load lazily; a busy 2-core machine needs more than 1 s.
configure({ asyncUtilTimeout: 20_000 });

/** The first page of web/main.tsx: no router and no MUI theme around it, navigation by the navigator. */
describe('sign-in page (the author entry on /login)', () => {
  const navigate = vi.fn();
  const login = vi.fn();

  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearSession();
    useAuthStore.getState().setGlobalError(null);
    queryClient.clear();
    navigate.mockReset();
    login.mockReset();
    setNavigator(navigate);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) =>
      String(input) === '/api/login' ? login(JSON.parse(String(init.body))) : jsonResponse({}, 404),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <SignInPage />
      </QueryClientProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setNavigator(null);
  });

  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));

  it('has the labelled fields, the username focused, and the rule of an empty field at the field', async () => {
    const username = await screen.findByLabelText('Benutzername');
    const password = screen.getByLabelText('Passwort');
    expect(screen.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(document.activeElement).toBe(username);
    expect(password.getAttribute('type')).toBe('password');
    expect(username.getAttribute('aria-invalid')).toBe('false');

    submit();
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(username.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('darf nicht leer sein');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(username);
    expect(login).not.toHaveBeenCalled();
  });

  it('signs in and goes to the dashboard through the navigator', async () => {
    login.mockReturnValue(jsonResponse(ANNA_LOGIN));
    fireEvent.change(await screen.findByLabelText('Benutzername'), { target: { value: ' anna ' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'geheim' } });
    submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: true }));
    expect(login).toHaveBeenCalledWith({ username: 'anna', password: 'geheim' });
    expect(useAuthStore.getState()).toMatchObject({ username: 'anna', token: 'T1', refresh_token: 'R1' });
  });

  it('shows a failed attempt as an alert and stays', async () => {
    login.mockReturnValue(jsonResponse({ title: 'Unauthorized', msg: '' }, 401));
    fireEvent.change(await screen.findByLabelText('Benutzername'), { target: { value: 'anna' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'falsch' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.invalidCredentials);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("follows 'Passwort vergessen?' without a page load", async () => {
    const link = await screen.findByRole('link', { name: 'Passwort vergessen?' });
    expect(link.getAttribute('href')).toBe('/reset_password');
    fireEvent.click(link);
    expect(navigate.mock.calls).toEqual([['/reset_password', undefined]]);
  });

  it("shows the frame's banner, loaded when it first has something to show", async () => {
    await screen.findByLabelText('Benutzername');
    act(() => useBannerStore.getState().showBanner({ text: 'Kaputt' }));
    expect(await screen.findByText('Kaputt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByText('Kaputt')).toBeNull());
  });
});
