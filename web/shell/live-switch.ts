import type { z } from 'zod';
import { create } from 'zustand';
import type { switchActivateLinkResponse } from '../../contract/dialogs.ts';
import { ApiError } from '../api/client.ts';
import { authorApi } from '../api/clients.ts';
import { SURVEY_LIST_KEY } from '../api/surveys-api.ts';
import { liveToggleAllowed } from '../components/module-tabs.ts';
import { queryClient } from '../query-client.ts';
import { useDialogStore } from '../state/dialog.ts';
import { showApiError } from '../state/error.ts';

type SwitchResponse = z.infer<typeof switchActivateLinkResponse>;

export interface LiveSwitchState {
  /** A switch call is in flight (the top bar shows a loading indicator). */
  pending: boolean;
  toggle(): Promise<void>;
}

/**
 * The live/inactive toggle of the admin top bar (SPEC §4): POST /api/switch_activate_link with the held
 * dialog, active flipped; not possible while live_switch is 0. The held dialog follows the answer.
 */
export const useLiveSwitchStore = create<LiveSwitchState>()((set, get) => ({
  pending: false,
  async toggle() {
    const dialog = useDialogStore.getState().dialog;
    if (!dialog || get().pending || !liveToggleAllowed(dialog)) return;
    set({ pending: true });
    try {
      const res = await authorApi.post<SwitchResponse>('/api/switch_activate_link', {
        item: { ...dialog, active: dialog.active !== true },
      });
      const current = useDialogStore.getState().dialog;
      if (current?.survey_id === dialog.survey_id)
        useDialogStore.getState().setDialog({ ...current, active: res.active });
      void queryClient.invalidateQueries({ queryKey: SURVEY_LIST_KEY });
    } catch (error) {
      console.error('switch_activate_link failed', error);
      if (error instanceof ApiError) showApiError(error);
    } finally {
      set({ pending: false });
    }
  },
}));
