import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Dialog } from '../../contract/dialogs.ts';
import { authorRoutes } from '../../contract/endpoints/author-routes.ts';
import type { ApiError } from '../api/client.ts';
import { authorApi } from '../api/clients.ts';
import { isAuthenticated, useAuthStore } from '../state/auth.ts';
import { type CurrentDialog, useDialogStore } from '../state/dialog.ts';
import { readStored, STORAGE_KEYS } from '../state/storage.ts';

/**
 * The whole dialog as the guard just loaded it for the page being opened (its location key), until a
 * screen of that page takes it: the configurator needs the same data (blocks and all) and need not ask
 * the server a second time. Another page (another key) never gets it, so no screen shows data loaded
 * before the author came to it.
 */
let loadedForPage: { surveyId: string; pageKey: string; dialog: Dialog } | null = null;

/** The dialog the guard loaded while this page opened, handed out once; undefined when it loaded none. */
export function takeDialogLoadedForPage(surveyId: string, pageKey: string): Dialog | undefined {
  const loaded = loadedForPage;
  if (loaded?.surveyId !== surveyId || loaded.pageKey !== pageKey) return undefined;
  loadedForPage = null;
  return loaded.dialog;
}

/**
 * The first page's dialog, asked for as the app starts (web/router.tsx), so the call runs beside the
 * guard's token check rather than after it. The server checks the token and the dialog's permissions as
 * for any call; the data shows only once the guard has passed. Sent without the client's session rules
 * (no refresh, no sign-out): a failed early call is dropped and the guard's turn asks again with them,
 * as it did before.
 */
let prefetched: {
  surveyId: string;
  pageKey: string;
  token: string;
  request: Promise<Dialog | undefined>;
} | null = null;

/** Starts the held dialog's call for the page being opened (its location key), when an author is signed in. */
export function prefetchHeldDialog(surveyId: string, pageKey: string): void {
  const token = readStored(STORAGE_KEYS.token);
  if (!token || !isAuthenticated(useAuthStore.getState())) return;
  const request = authorApi
    .call(
      authorRoutes.dialog,
      { survey_id: surveyId },
      { auth: false, headers: { authorization: `Bearer ${token}` } },
    )
    .catch(() => undefined);
  prefetched = { surveyId, pageKey, token, request };
}

/**
 * The early call, handed out once and only to the page it was started for, with the token still the
 * one it was sent with (the same request the guard's turn would make); resolves undefined if it failed.
 */
function takePrefetched(surveyId: string, pageKey: string): Promise<Dialog | undefined> | undefined {
  const early = prefetched;
  prefetched = null;
  if (early?.surveyId !== surveyId || early.pageKey !== pageKey) return undefined;
  return readStored(STORAGE_KEYS.token) === early.token ? early.request : undefined;
}

/**
 * SPEC §2: on an author dialog route the current dialog is loaded (POST /api/dialog) unless it is held
 * already, so the module tab bar, breadcrumbs and top-bar controls work.
 */
export function useHeldDialog(surveyId: string): { dialog: CurrentDialog | null; error: ApiError | null } {
  const dialog = useDialogStore((s) => (s.dialog?.survey_id === surveyId ? s.dialog : null));
  const [error, setError] = useState<ApiError | null>(null);
  // Read when the call starts, not a reason to call again: a page opened while it runs changes the key.
  const page = useRef('');
  page.current = useLocation().key;
  useEffect(() => {
    if (useDialogStore.getState().dialog?.survey_id === surveyId) return;
    let current = true;
    const pageKey = page.current;
    setError(null);
    const load = () => authorApi.call(authorRoutes.dialog, { survey_id: surveyId });
    const early = takePrefetched(surveyId, pageKey);
    (early ? early.then((dialog) => dialog ?? load()) : load()).then(
      (loaded) => {
        if (!current) return;
        loadedForPage = { surveyId, pageKey, dialog: loaded };
        useDialogStore.getState().setDialog(loaded);
      },
      (failure: ApiError) => {
        if (current) setError(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [surveyId]);
  return { dialog, error };
}
