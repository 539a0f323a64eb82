// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../state/auth.ts';
import { useDialogStore } from '../state/dialog.ts';
import { jsonResponse, signInAnna } from '../test-app.tsx';
import { prefetchHeldDialog, useHeldDialog } from './held-dialog.ts';

const DIALOG = { survey_id: 'd1', survey_name: 'Eins' };
// A memory router's first entry has this location key, as the browser router's first page does.
const FIRST_PAGE = 'default';

const onRoute = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

/** The stubbed fetch answers each call by its path, in turn; returns the calls made. */
function stubServer(answers: Record<string, Response[]>) {
  const calls: { path: string; authorization: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      calls.push({ path, authorization: (init.headers as Record<string, string>).authorization });
      const answer = answers[path]?.shift();
      if (!answer) throw new Error(`unexpected call ${path}`);
      return answer;
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  useDialogStore.getState().clear();
  signInAnna();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.getState().clearSession();
});

describe('the first page’s dialog asked for as the app starts', () => {
  it('is the held dialog’s call: the page asks the server once', async () => {
    const calls = stubServer({ '/api/dialog': [jsonResponse(DIALOG)] });
    prefetchHeldDialog('d1', FIRST_PAGE);
    const { result } = renderHook(() => useHeldDialog('d1'), { wrapper: onRoute });
    await waitFor(() => expect(result.current.dialog?.survey_name).toBe('Eins'));
    expect(calls).toEqual([{ path: '/api/dialog', authorization: 'Bearer T1' }]);
  });

  it('failing, is dropped without the session rules: the page asks again and those apply', async () => {
    const calls = stubServer({
      '/api/dialog': [
        jsonResponse({ title: 'Token has expired', msg: 'abgelaufen' }, 401),
        jsonResponse({ title: 'Token has expired', msg: 'abgelaufen' }, 401),
        jsonResponse(DIALOG),
      ],
      '/api/refresh': [jsonResponse({ token: 'T2', refresh_token: 'R2' })],
    });
    prefetchHeldDialog('d1', FIRST_PAGE);
    const { result } = renderHook(() => useHeldDialog('d1'), { wrapper: onRoute });
    await waitFor(() => expect(result.current.dialog?.survey_name).toBe('Eins'));
    // One refresh, by the page's own call, not by the early one.
    expect(calls.map((c) => c.path)).toEqual(['/api/dialog', '/api/dialog', '/api/refresh', '/api/dialog']);
    expect(calls.at(-1)?.authorization).toBe('Bearer T2');
  });

  it('is not handed to another page or dialog', async () => {
    const calls = stubServer({ '/api/dialog': [jsonResponse(DIALOG), jsonResponse(DIALOG)] });
    prefetchHeldDialog('d2', FIRST_PAGE);
    const { result } = renderHook(() => useHeldDialog('d1'), { wrapper: onRoute });
    await waitFor(() => expect(result.current.dialog?.survey_name).toBe('Eins'));
    expect(calls).toHaveLength(2);
  });

  it('is not started without a signed-in author', () => {
    const calls = stubServer({});
    useAuthStore.getState().clearSession();
    prefetchHeldDialog('d1', FIRST_PAGE);
    expect(calls).toEqual([]);
  });
});
