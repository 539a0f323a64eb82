// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../../contract/account.ts';
import i18next from '../../i18n/index.ts';
import { jsonResponse, renderWithQueries, signInAnna } from '../../test-app.tsx';
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
    signInAnna();
    vi.stubGlobal('fetch', async (_: RequestInfo | URL, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body));
      return jsonResponse({ ...ACCOUNT, ...body });
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
    renderWithQueries(<ProfileSection account={ACCOUNT} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText('Sprache'), { target: { value: 'en' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Saved.'));
    expect(i18next.language).toBe('en');
  });
});
