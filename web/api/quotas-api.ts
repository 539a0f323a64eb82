import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { QuotaInput } from '../../contract/quotas.ts';
import { authorApi } from './clients.ts';

/** A dialog's quotas (issue 22): defined in the configurator's settings, their fill shown in Analyse. */

const quotasKey = (surveyId: string) => ['quotas', surveyId] as const;

export function useQuotas(surveyId: string, refetchInterval?: number) {
  return useQuery({
    queryKey: quotasKey(surveyId),
    queryFn: () => authorApi.call(endpoints.quotas, { survey_id: surveyId }),
    select: (data) => data.quotas,
    refetchInterval,
  });
}

/** The calls that change a dialog's quotas; each reloads the list. */
export function useQuotaActions(surveyId: string) {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: quotasKey(surveyId) });
  const survey_id = surveyId;
  return {
    create: useMutation({
      mutationFn: (quota: QuotaInput) => authorApi.call(endpoints.createQuota, { survey_id, quota }),
      onSuccess: reload,
    }),
    update: useMutation({
      mutationFn: (input: { id: number; quota: QuotaInput }) =>
        authorApi.call(endpoints.updateQuota, { survey_id, ...input }),
      onSuccess: reload,
    }),
    remove: useMutation({
      mutationFn: (id: number) => authorApi.call(endpoints.deleteQuota, { survey_id, id }),
      onSuccess: reload,
    }),
  };
}

/** The names of the dialog's hidden fields, which quota conditions may name. */
export function useHiddenFieldNames(surveyId: string) {
  return useQuery({
    queryKey: ['hidden-fields', surveyId],
    queryFn: () => authorApi.call(endpoints.hiddenFields, { survey_id: surveyId }),
    select: (data) => data.fields.map((f) => f.name),
  });
}
