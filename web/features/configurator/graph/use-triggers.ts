import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import type { Dialog } from '../../../../contract/dialogs.ts';
import { endpoints } from '../../../../contract/endpoints/index.ts';
import type { TriggerObject } from '../../../../contract/triggers.ts';
import { GRAPH_TRIGGERS_KEY, logManagerFailure } from '../../../api/managers-api.ts';
import { useApi } from '../../../route-context.ts';
import { useController } from '../context.ts';

export interface GraphTriggers {
  /** The manager the dialog belongs to; null when none (or while loading). */
  managerId: number | null;
  triggers: TriggerObject[];
}

const NONE: GraphTriggers = { managerId: null, triggers: [] };

/**
 * The triggers of the dialog manager this dialog belongs to (SPEC §7); none when it belongs to none.
 * Failures of dialog manager calls are logged (SPEC §8) and shown as a notice, never as the error dialog.
 */
export function useTriggers(dialog: Pick<Dialog, 'survey_id' | 'connected_surveys'>): GraphTriggers {
  const api = useApi();
  const controller = useController();
  const query = useQuery({
    queryKey: [...GRAPH_TRIGGERS_KEY, dialog.survey_id],
    enabled: dialog.connected_surveys.length > 0,
    staleTime: 60_000,
    queryFn: async (): Promise<GraphTriggers> => {
      try {
        const status = await api.call(endpoints.findDialogManagerStatus, { id: dialog.survey_id });
        const managerId = status.connected_status.dialog_manager_id;
        if (managerId === undefined) return NONE;
        const res = await api.call(endpoints.dialogManagerTriggers, { id: String(managerId) });
        return { managerId, triggers: res.trigger_objects };
      } catch (error) {
        const detail = logManagerFailure('loading the triggers', error);
        controller.showNotice('warning', i18next.t('managers.triggers.failed', { detail }));
        return NONE;
      }
    },
  });
  return query.data ?? NONE;
}
