// @vitest-environment jsdom
import { act, cleanup, configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../../contract/admin.ts';
import i18next from '../../i18n/index.ts';
import { useAuthStore } from '../../state/auth.ts';
import { renderWithQueries } from '../../test-app.tsx';
import { UsersPanel } from './UsersPanel.tsx';

/** MUI's own texts of the account list (its pagination) follow the UI language. */

configure({ asyncUtilTimeout: 10_000 });

const user = (user_id: number, username: string): AdminUser => ({
  user_id,
  username,
  first_name: 'Anna',
  last_name: 'Muster',
  email: null,
  email_verified: false,
  language: 'de',
  is_admin: false,
  disabled: false,
  password_expired: false,
  owned_surveys: 0,
  created_at: 0,
});
const USERS = [user(1, 'anna'), user(2, 'bert'), user(3, 'carla'), user(4, 'dora')];

const renderPanel = () => renderWithQueries(<UsersPanel />);

describe('admin account list', () => {
  beforeEach(() => {
    useAuthStore.getState().setSession({
      username: 'admin',
      firstName: 'Ada',
      lastName: 'Admin',
      token: 'T1',
      refresh_token: 'R1',
      user_id: 9,
    });
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ users: USERS, total: USERS.length }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18next.changeLanguage('de');
  });

  it('shows the pagination in German (1–4 von 4)', async () => {
    renderPanel();
    expect(await screen.findByText('1–4 von 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zur nächsten Seite' })).toBeTruthy();
    expect(screen.queryByText('1–4 of 4')).toBeNull();
  });

  it('and in English once the UI language is English', async () => {
    renderPanel();
    await screen.findByText('1–4 von 4');
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    expect(await screen.findByText('1–4 of 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Username' })).toBeTruthy();
  });
});
