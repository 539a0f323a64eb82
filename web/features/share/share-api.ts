import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../contract/endpoints/index.ts';
import type { AssignableRole } from '../../../contract/roles.ts';
import { authorApi } from '../../api/clients.ts';
import { reportCallError } from '../../lib/report-error.ts';

export const permissionsKey = (surveyId: string) => ['dialog-permissions', surveyId] as const;

export function useDialogPermissions(surveyId: string | null) {
  return useQuery({
    queryKey: permissionsKey(surveyId ?? ''),
    queryFn: () => authorApi.call(endpoints.dialogPermissions, { survey_id: surveyId ?? '' }),
    enabled: !!surveyId,
  });
}

/** The dialog's hidden fields, for the panel link (the settings edit them). */
export function useLinkFields(surveyId: string) {
  return useQuery({
    queryKey: ['hidden-fields', surveyId],
    queryFn: () => authorApi.call(endpoints.hiddenFields, { survey_id: surveyId }),
  });
}

export type SharingAction =
  | { kind: 'invite'; name: string; new_role: AssignableRole }
  | { kind: 'resend'; name: string; new_role: AssignableRole }
  | { kind: 'change'; name: string; new_role: AssignableRole }
  | { kind: 'remove'; name: string };

const ENDPOINTS = {
  invite: endpoints.inviteUser,
  resend: endpoints.resendInvite,
  change: endpoints.changePermissionUser,
  remove: endpoints.deleteSharingUser,
} as const;

/** One mutation for the four sharing calls; the member list reloads after each, failed or not. */
export function useSharingAction(surveyId: string, errorTitle: (kind: SharingAction['kind']) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: SharingAction) =>
      action.kind === 'remove'
        ? authorApi.call(ENDPOINTS.remove, { survey_id: surveyId, name: action.name })
        : authorApi.call(ENDPOINTS[action.kind], {
            survey_id: surveyId,
            name: action.name,
            new_role: action.new_role,
          }),
    onError: (failure, action) => reportCallError(errorTitle(action.kind), failure),
    onSettled: () => client.invalidateQueries({ queryKey: permissionsKey(surveyId) }),
  });
}
