import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AnalyticsFiltersInput } from '../../../contract/analytics.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';
import { useShellEvents } from '../../state/shell-events.ts';

/** Every analytics query starts with this key, so the top bar's update button can refresh them all. */
const ROOT = 'analytics';

/** Figures of one dialog. The previous figures stay while a filter change loads, so nothing flickers. */
export function useSurveySummary(surveyId: string, filters: AnalyticsFiltersInput) {
  return useQuery({
    queryKey: [ROOT, 'summary', surveyId, filters],
    queryFn: () => authorApi.call(endpoints.analyticsSummary, { survey_id: surveyId, filters }),
    placeholderData: keepPreviousData,
    enabled: !!surveyId,
  });
}

export function useManagerSummary(managerId: number, filters: AnalyticsFiltersInput) {
  return useQuery({
    queryKey: [ROOT, 'manager', managerId, filters],
    queryFn: () =>
      authorApi.call(endpoints.analyticsMultichatSummary, {
        dialog_manager_id: managerId,
        filters,
      }),
    placeholderData: keepPreviousData,
    enabled: managerId > 0,
  });
}

export function useAnswers(
  surveyId: string,
  uniqueQuestionId: string,
  filters: AnalyticsFiltersInput,
  paging: { search: string; page: number; pageSize: number },
) {
  return useQuery({
    queryKey: [ROOT, 'answers', surveyId, uniqueQuestionId, filters, paging],
    queryFn: () =>
      authorApi.call(endpoints.analyticsAnswers, {
        survey_id: surveyId,
        unique_question_id: uniqueQuestionId,
        filters,
        search: paging.search,
        page: paging.page,
        page_size: paging.pageSize,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCrosstab(
  surveyId: string,
  rowId: string | null,
  columnId: string | null,
  filters: AnalyticsFiltersInput,
) {
  return useQuery({
    queryKey: [ROOT, 'crosstab', surveyId, rowId, columnId, filters],
    // Runs only when enabled: both blocks chosen.
    queryFn: () =>
      authorApi.call(endpoints.analyticsCrosstab, {
        survey_id: surveyId,
        row_question_id: rowId!,
        column_question_id: columnId!,
        filters,
      }),
    enabled: rowId !== null && columnId !== null && rowId !== columnId,
  });
}

export function useRespondents(
  surveyId: string,
  filters: AnalyticsFiltersInput,
  paging: { page: number; pageSize: number },
) {
  return useQuery({
    queryKey: [ROOT, 'respondents', surveyId, filters, paging],
    queryFn: () =>
      authorApi.call(endpoints.analyticsRespondents, {
        survey_id: surveyId,
        filters,
        page: paging.page,
        page_size: paging.pageSize,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTranscript(surveyId: string, sessionId: number | null) {
  return useQuery({
    queryKey: [ROOT, 'transcript', surveyId, sessionId],
    queryFn: () =>
      authorApi.call(endpoints.analyticsTranscript, { survey_id: surveyId, session_id: sessionId! }),
    enabled: sessionId !== null,
  });
}

/** Deletes a respondent's data; every figure reloads, since each may have counted them. */
export function useDeleteRespondent(surveyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) =>
      authorApi.call(endpoints.analyticsDeleteRespondent, { survey_id: surveyId, session_id: sessionId }),
    onSettled: () => client.invalidateQueries({ queryKey: [ROOT] }),
  });
}

/** SPEC §2: the top bar's update button on Analyse asks the analysis data to refresh. */
export function useRefreshOnUpdateButton(): void {
  const client = useQueryClient();
  const requests = useShellEvents((s) => s.analyseRefresh);
  // The counter outlives the screen: only presses while it is open count.
  const seen = useRef(requests);
  useEffect(() => {
    if (requests === seen.current) return;
    seen.current = requests;
    void client.invalidateQueries({ queryKey: [ROOT] });
  }, [requests, client]);
}
