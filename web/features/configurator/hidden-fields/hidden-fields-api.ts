import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../contract/endpoints/index.ts';
import type { HiddenField } from '../../../../contract/hidden-fields.ts';
import { authorApi } from '../../../api/clients.ts';

const fieldsKey = (surveyId: string) => ['hidden-fields', surveyId] as const;

export function useHiddenFields(surveyId: string) {
  return useQuery({
    queryKey: fieldsKey(surveyId),
    queryFn: () => authorApi.call(endpoints.hiddenFields, { survey_id: surveyId }),
  });
}

/** Replaces the dialog's hidden fields; the list reloads with what the server stored. */
export function useSaveHiddenFields(surveyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: HiddenField[]) =>
      authorApi.call(endpoints.setHiddenFields, { survey_id: surveyId, fields }),
    onSuccess: (saved) => client.setQueryData(fieldsKey(surveyId), saved),
  });
}
