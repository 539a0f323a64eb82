import { type AuthorSession, useAuthStore } from '../../state/auth.ts';

/** Stores the session a login or a registration answered with, under the username as typed (trimmed). */
export function startSession(username: string, res: Omit<AuthorSession, 'username'>): void {
  useAuthStore.getState().setSession({
    username: username.trim(),
    firstName: res.firstName,
    lastName: res.lastName,
    token: res.token,
    refresh_token: res.refresh_token,
    user_id: res.user_id,
  });
}
