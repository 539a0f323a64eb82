import { useEffect, useState } from 'react';
import { authorRoutes } from '../../contract/endpoints/author-routes.ts';
import type { ApiError } from '../api/client.ts';
import { authorApi } from '../api/clients.ts';
import { type CurrentDialog, useDialogStore } from '../state/dialog.ts';

/**
 * SPEC §2: on an author dialog route the current dialog is loaded (POST /api/dialog) unless it is held
 * already, so the module tab bar, breadcrumbs and top-bar controls work.
 */
export function useHeldDialog(surveyId: string): { dialog: CurrentDialog | null; error: ApiError | null } {
  const dialog = useDialogStore((s) => (s.dialog?.survey_id === surveyId ? s.dialog : null));
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    if (useDialogStore.getState().dialog?.survey_id === surveyId) return;
    let current = true;
    setError(null);
    authorApi.call(authorRoutes.dialog, { survey_id: surveyId }).then(
      (loaded) => {
        if (current) useDialogStore.getState().setDialog(loaded);
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
