import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorRoutes } from '../../contract/endpoints/author-routes.ts';
import { useApi } from '../route-context.ts';
import { showApiError } from '../state/error.ts';
import { ApiError } from './client.ts';

/** Query key of the dashboard list, which shows live or inactive too. */
export const SURVEY_LIST_KEY = ['survey-list'] as const;

export function useSurveyList() {
  const api = useApi();
  return useQuery({
    queryKey: SURVEY_LIST_KEY,
    queryFn: () => api.call(authorRoutes.getSurveyList),
    select: (data) => data.surveys,
  });
}

/** A failed dashboard call shows in the global error dialog the generic way (SPEC §8). */
function reportError(error: unknown) {
  console.error('dashboard call failed', error);
  if (error instanceof ApiError) showApiError(error);
}

export function useCreateSurvey() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (survey_name: string) => api.call(authorRoutes.createSurvey, { survey_name }),
    onSuccess: () => client.invalidateQueries({ queryKey: SURVEY_LIST_KEY }),
  });
}

export function useDuplicateSurvey() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (survey_id: string) => api.call(authorRoutes.duplicateSurvey, { survey_id }),
    onSuccess: () => client.invalidateQueries({ queryKey: SURVEY_LIST_KEY }),
    onError: reportError,
  });
}

export function useDeleteSurvey() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (survey_id: string) => api.call(authorRoutes.deleteSurvey, { survey_id }),
    onSuccess: () => client.invalidateQueries({ queryKey: SURVEY_LIST_KEY }),
    onError: reportError,
  });
}
