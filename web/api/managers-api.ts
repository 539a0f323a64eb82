import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { CreateManagerRequest, Manager, UpdateManagerRequest } from '../../contract/managers.ts';
import { blockName } from '../../contract/preflight.ts';
import type { CreateTriggerRequest } from '../../contract/triggers.ts';
import { useApi } from '../route-context.ts';
import { ApiError } from './client.ts';

export const MANAGER_LIST_KEY = ['dialog-managers'] as const;
export const managerKey = (id: number) => ['dialog-manager', id] as const;
export const managerTriggersKey = (id: number) => ['dialog-manager-triggers', id] as const;
/** The configurator graph's triggers (use-triggers.ts), per dialog. */
export const GRAPH_TRIGGERS_KEY = ['graph-triggers'] as const;

/**
 * SPEC §8: failures of dialog manager calls are only logged, never the blocking error dialog; the
 * screens add a notice of their own. Returns the text for that notice.
 */
export function logManagerFailure(what: string, error: unknown): string {
  console.error(`dialog manager: ${what} failed`, error);
  return error instanceof ApiError ? error.msg || error.title : String(error);
}

export function useManagerList() {
  const api = useApi();
  return useQuery({
    queryKey: MANAGER_LIST_KEY,
    queryFn: () => api.call(endpoints.dialogManagerList),
    select: (data) => data.dialog_managers,
  });
}

/**
 * The manager each of the caller's dialogs belongs to (get_dialogmanager_list's dialog_links, the same
 * query as the list): a dialog of another manager cannot be connected (409).
 */
export function useDialogLinks() {
  const api = useApi();
  return useQuery({
    queryKey: MANAGER_LIST_KEY,
    queryFn: () => api.call(endpoints.dialogManagerList),
    select: (data) => data.dialog_links ?? [],
  });
}

/** Loads a manager for a switch (SPEC §4): from the cache when held, else by get_dialogmanager. */
export function useFetchManager() {
  const api = useApi();
  const client = useQueryClient();
  return (id: number) =>
    client.fetchQuery({
      queryKey: managerKey(id),
      queryFn: () => api.call(endpoints.dialogManager, { dialog_manager_id: id }),
      staleTime: 30_000,
    });
}

export function useManager(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: managerKey(id ?? 0),
    enabled: id !== null,
    queryFn: () => api.call(endpoints.dialogManager, { dialog_manager_id: id ?? 0 }),
  });
}

export function useManagerTriggers(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: managerTriggersKey(id),
    queryFn: () => api.call(endpoints.dialogManagerTriggers, { id: String(id) }),
    select: (data) => data.trigger_objects,
  });
}

/**
 * The names of the blocks of the given dialogs ('Block 3 „Name“', as the pre-flight check names them),
 * by dialog and block id, for naming the blocks a trigger joins. POST /api/dialog needs only the view
 * right, which is what a manager's reader holds on the dialogs its connected_surveys list her.
 */
export function useBlockNames(surveyIds: readonly string[]): Map<string, Map<string, string>> {
  const api = useApi();
  const results = useQueries({
    queries: surveyIds.map((id) => ({
      queryKey: ['dialog-block-names', id] as const,
      // Pairs, not a Map: plain data keeps the cache's structural sharing, so renders stay stable.
      queryFn: async () =>
        (await api.call(endpoints.dialog, { survey_id: id })).all_questions.map(
          (b) => [b.unique_question_id, blockName(b)] as const,
        ),
    })),
  });
  return new Map(
    surveyIds.flatMap((id, i) => {
      const data = results[i]?.data;
      return data ? [[id, new Map(data)] as const] : [];
    }),
  );
}

/** After a change of managers: lists, the changed manager, and the triggers the graph shows. */
function useRefresh() {
  const client = useQueryClient();
  return (manager?: Manager) => {
    if (manager) client.setQueryData(managerKey(manager.dialog_manager_id), manager);
    return Promise.all([
      client.invalidateQueries({ queryKey: MANAGER_LIST_KEY }),
      client.invalidateQueries({ queryKey: GRAPH_TRIGGERS_KEY }),
      manager ? client.invalidateQueries({ queryKey: managerTriggersKey(manager.dialog_manager_id) }) : null,
    ]);
  };
}

export function useCreateManager() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (req: CreateManagerRequest) => api.call(endpoints.createDialogManager, req),
    onSuccess: (manager) => refresh(manager),
  });
}

export function useUpdateManager() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (req: UpdateManagerRequest) => api.call(endpoints.updateDialogManager, req),
    onSuccess: (manager) => refresh(manager),
  });
}

export function useDeleteManager() {
  const api = useApi();
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.deleteDialogManager, { dialog_manager_id: id }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: managerKey(id) });
      return refresh();
    },
  });
}

export function useResetTriggerSecret() {
  const api = useApi();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.resetTriggerSecret, { id }),
  });
}

/** Trigger calls of the configurator graph (SPEC §7); the graph reloads its triggers afterwards. */
export function useTriggerCalls() {
  const api = useApi();
  const client = useQueryClient();
  const reload = (managerId: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: GRAPH_TRIGGERS_KEY }),
      client.invalidateQueries({ queryKey: managerTriggersKey(managerId) }),
    ]);
  return {
    create: async (req: Omit<CreateTriggerRequest, 'init_survey'> & { init_survey: boolean }) => {
      const created = await api.call(endpoints.createTrigger, req);
      await reload(req.dialog_manager_id);
      return created;
    },
    remove: async (managerId: number, triggerId: number) => {
      await api.call(endpoints.deleteTrigger, { id: String(triggerId) });
      await reload(managerId);
    },
  };
}
