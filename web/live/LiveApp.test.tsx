// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetExitAddress } from '../features/chat/exit-address.ts';
import { LiveApp } from './LiveApp.tsx';

describe("exit page's language", () => {
  beforeEach(() => {
    forgetExitAddress();
    sessionStorage.clear();
    document.documentElement.lang = 'de';
  });
  afterEach(cleanup);

  it('an English exit page is English: heading, lang and tab title, after the frame set its own', async () => {
    window.history.replaceState(null, '', '/exit/deleted_en');
    render(<LiveApp />);
    // The exit page is a chunk of its own (LiveRouteScreen): it comes after a moment.
    expect(await screen.findByRole('heading', { name: 'Your data has been deleted' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(document.title).toBe('Your data has been deleted – Dialogwerk'));
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      'Your data has been deleted – Dialogwerk',
    );
  });

  it('a German one is German', async () => {
    window.history.replaceState(null, '', '/exit/finished_de');
    render(<LiveApp />);
    expect(await screen.findByRole('heading', { name: 'Der Dialog ist beendet' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(document.title).toBe('Der Dialog ist beendet – Dialogwerk'));
  });
});
