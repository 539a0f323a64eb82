import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Dialog } from '../../contract/dialogs.ts';
import { authorRoutes } from '../../contract/endpoints/author-routes.ts';
import type { ApiError } from '../api/client.ts';
import { authorApi } from '../api/clients.ts';
import { type CurrentDialog, useDialogStore } from '../state/dialog.ts';

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
    authorApi.call(authorRoutes.dialog, { survey_id: surveyId }).then(
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
