import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { surveyIdResponse, surveyListResponse } from '../../contract/dialogs.ts';
import { useApi } from '../route-context.ts';
import { showApiError } from '../state/error.ts';
import { ApiError } from './client.ts';

type SurveyList = z.infer<typeof surveyListResponse>;
type SurveyId = z.infer<typeof surveyIdResponse>;

/** Query key of the dashboard list, which shows live or inactive too. */
export const SURVEY_LIST_KEY = ['survey-list'] as const;

export function useSurveyList() {
  const api = useApi();
  return useQuery({
    queryKey: SURVEY_LIST_KEY,
    queryFn: () => api.post<SurveyList>('/api/get_survey_list'),
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
    mutationFn: (survey_name: string) => api.post<SurveyId>('/api/create_survey', { survey_name }),
    onSuccess: () => client.invalidateQueries({ queryKey: SURVEY_LIST_KEY }),
  });
}

export function useDuplicateSurvey() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (survey_id: string) => api.post<SurveyId>('/api/duplicate_survey', { survey_id }),
    onSuccess: () => client.invalidateQueries({ queryKey: SURVEY_LIST_KEY }),
    onError: reportError,
  });
}

export function useDeleteSurvey() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (survey_id: string) => api.post<{ msg: 'success' }>('/api/delete_survey', { survey_id }),
    onSuccess: () => client.invalidateQueries({ queryKey: SURVEY_LIST_KEY }),
    onError: reportError,
  });
}
