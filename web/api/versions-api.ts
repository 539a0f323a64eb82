import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { VersionMode, VersionRef, VersionStateResponse } from '../../contract/versions.ts';
import { authorApi } from './clients.ts';

/**
 * A dialog's versions (issue 21): its mode, the live version, publish, history, diff. The configurator
 * and Testen read the same state through these queries; every answer that carries the state puts it
 * into the cache, and a change of the dialog (a write, a restore) refreshes all of them.
 */
export const versionsKey = (surveyId: string) => ['versions', surveyId] as const;
const stateKey = (surveyId: string) => [...versionsKey(surveyId), 'state'] as const;

export function useVersionState(surveyId: string) {
  return useQuery({
    queryKey: stateKey(surveyId),
    queryFn: () => authorApi.call(endpoints.versionState, { survey_id: surveyId }),
    enabled: surveyId !== '',
  });
}

export function useVersionList(surveyId: string) {
  return useQuery({
    queryKey: [...versionsKey(surveyId), 'list'],
    queryFn: () => authorApi.call(endpoints.listVersions, { survey_id: surveyId }),
    enabled: surveyId !== '',
  });
}

/** What changed between two versions (or a version and the draft); nothing asked while one side is missing. */
export function useVersionDiff(surveyId: string, from: VersionRef | null, to: VersionRef | null) {
  return useQuery({
    queryKey: [...versionsKey(surveyId), 'diff', from, to],
    // Runs only when enabled: both sides chosen.
    queryFn: () => authorApi.call(endpoints.diffVersions, { survey_id: surveyId, from: from!, to: to! }),
    enabled: from !== null && to !== null && from !== to,
  });
}

/** A change of what respondents get: the new state is cached at once, the history asked again. */
function useStateChange<I, R extends VersionStateResponse>(surveyId: string, call: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (state) => {
      client.setQueryData(stateKey(surveyId), pickState(state));
      void client.invalidateQueries({ queryKey: versionsKey(surveyId) });
    },
  });
}

export function useSetVersionMode(surveyId: string) {
  return useStateChange(surveyId, (mode: VersionMode) =>
    authorApi.call(endpoints.setVersionMode, { survey_id: surveyId, mode }),
  );
}

export function usePublishVersion(surveyId: string) {
  return useStateChange(surveyId, (note: string) =>
    authorApi.call(endpoints.publishVersion, { survey_id: surveyId, ...(note ? { note } : {}) }),
  );
}

/** The state's own fields of an answer that extends it (publish, list, restore). */
export function pickState(s: VersionStateResponse): VersionStateResponse {
  const { mode, live_version, draft_differs, latest_version, active, running_chats } = s;
  return { mode, live_version, draft_differs, latest_version, active, running_chats };
}
