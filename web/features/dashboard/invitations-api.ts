import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorRoutes } from '../../../contract/endpoints/author-routes.ts';
import { authorApi } from '../../api/clients.ts';
import { SURVEY_LIST_KEY } from '../../api/surveys-api.ts';
import { reportCallError } from '../../lib/report-error.ts';

/** The invitations to the caller's dialogs that wait for an answer, shown on the dashboard. */
const PENDING_INVITATIONS_KEY = ['pending-invitations'] as const;

export function usePendingInvitations() {
  return useQuery({
    queryKey: PENDING_INVITATIONS_KEY,
    queryFn: () => authorApi.call(authorRoutes.pendingInvitations),
    select: (data) => data.invitations,
  });
}

/** Accept or decline an invitation on the dashboard; both lists reload. */
export function useAnswerInvitation(errorTitle: (accept: boolean) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ accept, survey_id }: { accept: boolean; survey_id: string }) =>
      authorApi.call(accept ? authorRoutes.acceptInvitation : authorRoutes.declineInvitation, { survey_id }),
    onError: (failure, { accept }) => reportCallError(errorTitle(accept), failure),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: PENDING_INVITATIONS_KEY });
      void client.invalidateQueries({ queryKey: SURVEY_LIST_KEY });
    },
  });
}
