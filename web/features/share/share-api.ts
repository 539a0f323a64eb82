import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AssignableRole } from '../../../contract/roles.ts';
import type {
  DialogPermissionsResponse,
  InvitationResultResponse,
  PendingInvitation,
  sharingResultResponse,
} from '../../../contract/sharing.ts';
import { authorApi } from '../../api/clients.ts';
import { SURVEY_LIST_KEY } from '../../state/live-switch.ts';
import { reportCallError } from './report-error.ts';

type SharingResult = z.infer<typeof sharingResultResponse>;

export const permissionsKey = (surveyId: string) => ['dialog-permissions', surveyId] as const;
export const PENDING_INVITATIONS_KEY = ['pending-invitations'] as const;

export function useDialogPermissions(surveyId: string | null) {
  return useQuery({
    queryKey: permissionsKey(surveyId ?? ''),
    queryFn: () =>
      authorApi.post<DialogPermissionsResponse>('/api/get_dialog_permissions', { survey_id: surveyId }),
    enabled: !!surveyId,
  });
}

export type SharingAction =
  | { kind: 'invite'; name: string; new_role: AssignableRole }
  | { kind: 'resend'; name: string; new_role: AssignableRole }
  | { kind: 'change'; name: string; new_role: AssignableRole }
  | { kind: 'remove'; name: string };

const PATHS: Record<SharingAction['kind'], string> = {
  invite: '/api/invite_user',
  resend: '/api/resend_invite',
  change: '/api/change_permission_user',
  remove: '/api/delete_sharing_user',
};

/** One mutation for the four sharing calls; the member list reloads after each, failed or not. */
export function useSharingAction(surveyId: string, errorTitle: (kind: SharingAction['kind']) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: SharingAction) =>
      authorApi.post<SharingResult>(PATHS[kind], { survey_id: surveyId, ...body }),
    onError: (failure, action) => reportCallError(errorTitle(action.kind), failure),
    onSettled: () => client.invalidateQueries({ queryKey: permissionsKey(surveyId) }),
  });
}

export function usePendingInvitations() {
  return useQuery({
    queryKey: PENDING_INVITATIONS_KEY,
    queryFn: () => authorApi.post<{ invitations: PendingInvitation[] }>('/api/get_pending_invitations'),
    select: (data) => data.invitations,
  });
}

/** Accept or decline an invitation on the dashboard; both lists reload. */
export function useAnswerInvitation(errorTitle: (accept: boolean) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ accept, survey_id }: { accept: boolean; survey_id: string }) =>
      authorApi.post<InvitationResultResponse>(
        accept ? '/api/accept_invitation' : '/api/decline_invitation',
        {
          survey_id,
        },
      ),
    onError: (failure, { accept }) => reportCallError(errorTitle(accept), failure),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: PENDING_INVITATIONS_KEY });
      void client.invalidateQueries({ queryKey: SURVEY_LIST_KEY });
    },
  });
}
