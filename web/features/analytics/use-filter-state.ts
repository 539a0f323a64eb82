import { useRef, useState } from 'react';
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

/**
 * The versions the filter offers: every version a summary named while the screen was open (a summary
 * filtered by one version names only that one), and the chosen one, in order.
 */
export function useSeenVersions(named: readonly number[] | undefined, chosen: number | null): number[] {
  const seen = useRef(new Set<number>());
  for (const n of named ?? []) seen.current.add(n);
  if (chosen !== null) seen.current.add(chosen);
  return [...seen.current].sort((a, b) => a - b);
}
