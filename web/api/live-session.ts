import { endpoints } from '../../contract/endpoints/index.ts';
import { useLiveAuthStore } from '../state/live-auth.ts';
import { liveApi } from './live-client.ts';

export type LiveRegistration =
  | { ok: true }
  | { ok: false; message: 'Invalid credentials' | 'Username already exists' };

/**
 * Registers an anonymous participant on demand (POST /api/register_live, or register_live_list for
 * several dialogs) and keeps the live credentials. SPEC §8: no success -> 'Invalid credentials', a
 * request error -> 'Username already exists'; either way the live credentials are cleared.
 */
export async function registerLive(surveyIds: readonly string[]): Promise<LiveRegistration> {
  const store = useLiveAuthStore.getState();
  try {
    const res =
      surveyIds.length === 1
        ? await liveApi.call(endpoints.registerLive, { survey_id: surveyIds[0]! }, { auth: false })
        : await liveApi.call(endpoints.registerLiveList, { survey_id_list: [...surveyIds] }, { auth: false });
    if (!res?.success) {
      store.clearSession();
      return { ok: false, message: 'Invalid credentials' };
    }
    store.setSession({
      username_live: res.username_live,
      token_live: res.token_live,
      refresh_token_live: res.refresh_token_live,
      user_id_live: res.user_id,
    });
    return { ok: true };
  } catch {
    store.clearSession();
    return { ok: false, message: 'Username already exists' };
  }
}
