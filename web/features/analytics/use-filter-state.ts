import { useState } from 'react';
import { useLocation } from 'react-router';
import type { AnalyticsFiltersInput } from '../../../contract/analytics.ts';
import { type ExportTarget, pendingExport } from './export.ts';
import {
  addAnswerFilter,
  type FilterState,
  INITIAL_FILTERS,
  requestFilters,
  stateFromRequest,
} from './filters.ts';

/**
 * The filters bar's state and the request filters every figure uses. Back from the re-login of an
 * export, the bar starts with the filters that export had.
 */
export function useFilterState(target: ExportTarget) {
  const location = useLocation();
  const [state, setState] = useState<FilterState>(() => {
    const pending = pendingExport(location.state, target);
    return pending?.filters ? stateFromRequest(pending.filters) : INITIAL_FILTERS;
  });
  const filters: AnalyticsFiltersInput = requestFilters(state, new Date());
  const addFilter = (uniqueQuestionId: string, value: string, skipped = false) =>
    setState((s) => ({
      ...s,
      answerEquals: addAnswerFilter(s.answerEquals, {
        unique_question_id: uniqueQuestionId,
        value,
        ...(skipped ? { skipped } : {}),
      }),
    }));
  const showAll = () => setState((s) => ({ ...s, mode: 'all' }));
  return { state, setState, filters, addFilter, showAll };
}
