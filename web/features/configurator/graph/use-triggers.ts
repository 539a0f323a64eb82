import { useQuery } from '@tanstack/react-query';
import type { Dialog } from '../../../../contract/dialogs.ts';
import { useApi } from '../../../route-context.ts';
import type { TriggerObject } from './triggers.ts';

interface ManagerStatus {
  msg?: string;
  connected_status?: { dialog_manager_id?: number | string | null } | null;
}

const NO_TRIGGERS: TriggerObject[] = [];

/**
 * The triggers of the dialog manager this dialog belongs to (SPEC §7); none when it belongs to none.
 * Failures of dialog manager calls are only logged (SPEC §8).
 */
export function useTriggers(dialog: Pick<Dialog, 'survey_id' | 'connected_surveys'>): TriggerObject[] {
  const api = useApi();
  const id = encodeURIComponent(dialog.survey_id);
  const query = useQuery({
    queryKey: ['graph-triggers', dialog.survey_id],
    enabled: dialog.connected_surveys.length > 0,
    staleTime: 60_000,
    queryFn: async () => {
      try {
        const status = await api.get<ManagerStatus>(`/api/find_dialogmanager_status/${id}`);
        const managerId = status?.connected_status?.dialog_manager_id;
        if (managerId === undefined || managerId === null || managerId === '') return NO_TRIGGERS;
        const res = await api.get<{ trigger_objects?: TriggerObject[] }>(
          `/api/get_dialogmanager_trigger/${encodeURIComponent(String(managerId))}`,
        );
        return res?.trigger_objects ?? NO_TRIGGERS;
      } catch (error) {
        console.warn('graph: loading the triggers failed', error);
        return NO_TRIGGERS;
      }
    },
  });
  return query.data ?? NO_TRIGGERS;
}
