import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../contract/endpoints/index.ts';
import { authorApi } from './clients.ts';

/**
 * A dialog's 'Antworten löschen nach N Tagen' (null: kept): set in the dialog's settings, told in
 * Analyse; both screens read it through this one query.
 */
const retentionKey = (surveyId: string) => ['retention', surveyId] as const;

export function useRetention(surveyId: string) {
  return useQuery({
    queryKey: retentionKey(surveyId),
    queryFn: () => authorApi.call(endpoints.dialogRetention, { survey_id: surveyId }),
    select: (data) => data.retention_days,
    enabled: surveyId !== '',
  });
}

export function useSetRetention(surveyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: number | null) =>
      authorApi.call(endpoints.setDialogRetention, { survey_id: surveyId, retention_days: days }),
    onSuccess: (data) => client.setQueryData(retentionKey(surveyId), data),
  });
}
