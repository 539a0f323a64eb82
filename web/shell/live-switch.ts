import { create } from 'zustand';

import { authorRoutes } from '../../contract/endpoints/author-routes.ts';
import type { PreflightIssue } from '../../contract/preflight.ts';
import { ApiError } from '../api/client.ts';
import { authorApi } from '../api/clients.ts';
import { SURVEY_LIST_KEY } from '../api/surveys-api.ts';
import { liveToggleAllowed } from '../components/module-tabs.ts';
import { queryClient } from '../query-client.ts';
import { type CurrentDialog, useDialogStore } from '../state/dialog.ts';
import { showApiError } from '../state/error.ts';

export interface LiveSwitchState {
  /** A switch call (or the check before it) is in flight (the top bar shows a loading indicator). */
  pending: boolean;
  /** What the pre-flight check found when going live: shown until confirmed or closed; null = none. */
  issues: PreflightIssue[] | null;
  toggle(): Promise<void>;
  /** Goes live despite the warnings (errors keep the confirm button disabled, and the server refuses). */
  confirmLive(): Promise<void>;
  dismiss(): void;
}

/**
 * The live/inactive toggle of the admin top bar (SPEC §4): POST /api/switch_activate_link with the held
 * dialog, active flipped; not possible while live_switch is 0. Going live runs the pre-flight check
 * first (POST /api/preflight): whatever it finds is shown (errors, warnings, info items such as the end
 * redirects' addresses); errors block, warnings and info items are confirmed. The held
 * dialog follows the answer.
 */
export const useLiveSwitchStore = create<LiveSwitchState>()((set, get) => {
  async function run(step: () => Promise<void>) {
    set({ pending: true });
    try {
      await step();
    } catch (error) {
      console.error('switch_activate_link failed', error);
      if (error instanceof ApiError) showApiError(error);
    } finally {
      set({ pending: false });
    }
  }
  async function switchTo(dialog: CurrentDialog, active: boolean, confirm: boolean) {
    const res = await authorApi.call(authorRoutes.switchActivateLink, {
      item: { ...dialog, active },
      ...(confirm ? { confirm } : {}),
    });
    const current = useDialogStore.getState().dialog;
    if (current?.survey_id === dialog.survey_id)
      useDialogStore.getState().setDialog({ ...current, active: res.active });
    void queryClient.invalidateQueries({ queryKey: SURVEY_LIST_KEY });
  }
  const held = () => {
    const dialog = useDialogStore.getState().dialog;
    return dialog && !get().pending && liveToggleAllowed(dialog) ? dialog : null;
  };
  return {
    pending: false,
    issues: null,
    async toggle() {
      const dialog = held();
      if (!dialog) return;
      if (dialog.active === true) return run(() => switchTo(dialog, false, false));
      await run(async () => {
        const { issues } = await authorApi.call(authorRoutes.preflight, { survey_id: dialog.survey_id });
        // Info items alone (the end redirects' addresses) are shown too, so that the author sees where
        // respondents are sent before the dialog goes live; only an empty list switches at once.
        if (issues.length > 0) set({ issues });
        else await switchTo(dialog, true, false);
      });
    },
    async confirmLive() {
      const dialog = held();
      set({ issues: null });
      if (dialog) await run(() => switchTo(dialog, true, true));
    },
    dismiss: () => set({ issues: null }),
  };
});
