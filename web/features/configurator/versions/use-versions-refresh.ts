import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { versionsKey } from '../../../api/versions-api.ts';
import { useConfiguratorStore } from '../store.ts';

/**
 * Every saved change of the working copy (its write counter moves) may make the draft differ from the
 * live version, or no longer: the version state and history are asked again.
 */
export function useVersionsRefresh(surveyId: string): void {
  const client = useQueryClient();
  const written = useConfiguratorStore((s) =>
    s.confirmed?.survey_id === surveyId ? s.confirmed.version : null,
  );
  useEffect(() => {
    if (written !== null) void client.invalidateQueries({ queryKey: versionsKey(surveyId) });
  }, [client, surveyId, written]);
}
