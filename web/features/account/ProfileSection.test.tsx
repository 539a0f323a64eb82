// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../../contract/account.ts';
import { AppThemeProvider } from '../../AppThemeProvider.tsx';
import i18next from '../../i18n/index.ts';
import { useAuthStore } from '../../state/auth.ts';
import { ProfileSection } from './ProfileSection.tsx';

configure({ asyncUtilTimeout: 10_000 });

const ACCOUNT: Account = {
  username: 'anna',
  first_name: 'Anna',
  last_name: 'Muster',
  email: null,
  email_verified: false,
  language: 'de',
  is_admin: false,
};

describe('profile section', () => {
  beforeEach(() => {
    useAuthStore.getState().setSession({
      username: 'anna',
      firstName: 'Anna',
      lastName: 'Muster',
      token: 'T1',
      refresh_token: 'R1',
      user_id: 1,
    });
    vi.stubGlobal('fetch', async (_: RequestInfo | URL, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body));
      return new Response(JSON.stringify({ ...ACCOUNT, ...body }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    await i18next.changeLanguage('de');
  });

  it('switching to English says so in English (not "Gespeichert.")', async () => {
    const onSaved = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AppThemeProvider>
          <ProfileSection account={ACCOUNT} onSaved={onSaved} />
        </AppThemeProvider>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Sprache'), { target: { value: 'en' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Saved.'));
    expect(i18next.language).toBe('en');
  });
});
