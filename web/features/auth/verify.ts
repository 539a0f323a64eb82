import { useQuery } from '@tanstack/react-query';
import type { VerifyTokenResponse } from '../../../contract/auth.ts';
import { authorRoutes } from '../../../contract/endpoints/author-routes.ts';
import { authorApi } from '../../api/clients.ts';

/**
 * POST /api/verify-token for the route guard (SPEC §5). Keyed by the signed-in user, not the token: a
 * token refreshed in the background must not send the open screen back to a loading state.
 */
export function useVerifiedToken(username: string, enabled: boolean) {
  return useQuery({
    queryKey: ['verify-token', username],
    queryFn: () => authorApi.call(authorRoutes.verifyToken),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** A verified answer that really is an author session. */
export const isAuthorSession = (data: VerifyTokenResponse | undefined) =>
  !!data && data.success && data.kind === 'author';
