import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { startOfDay } from 'date-fns/startOfDay';
import { subDays } from 'date-fns/subDays';
import {
  ANSWER_FILTER_MAX,
  type AnalyticsFiltersInput,
  type AnalyticsMode,
  type AnswerFilter,
  type HiddenFilter,
} from '../../../contract/analytics.ts';

/** The filters bar's date presets; 'custom' uses the two date fields. */
export const DATE_PRESETS = ['today', 'last7', 'last30', 'all', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** What the filters bar holds. Dates are the author's calendar days, JJJJ-MM-TT ('' = open). */
export interface FilterState {
  mode: AnalyticsMode;
  preset: DatePreset;
  customFrom: string;
  customTo: string;
  finishedOnly: boolean;
  answerEquals: AnswerFilter[];
  /** Hidden-field filters (issue 22): sessions whose link carried this value. */
  hiddenEquals: HiddenFilter[];
  /** Only sessions that ran on this version of the dialog (issue 21); null: all versions. */
  version: number | null;
}

export const INITIAL_FILTERS: FilterState = {
  mode: 'live',
  preset: 'all',
  customFrom: '',
  customTo: '',
  finishedOnly: false,
  answerEquals: [],
  hiddenEquals: [],
  version: null,
};

const DAY_FORMAT = 'yyyy-MM-dd';

function day(value: string): Date | null {
  if (!value) return null;
  const parsed = parseISO(value);
  return isValid(parsed) ? startOfDay(parsed) : null;
}

/** A custom range whose end day lies before its start day; the end is then left open. */
export function customRangeInvalid(state: Pick<FilterState, 'customFrom' | 'customTo'>): boolean {
  const from = day(state.customFrom);
  const to = day(state.customTo);
  return from !== null && to !== null && to < from;
}

/**
 * The preset as start bounds [from, to) in epoch ms, in the browser's time zone: 'Letzte 7 Tage' is
 * today and the six days before. A custom end day counts whole (to is the next midnight).
 */
export function dateRange(state: FilterState, now: Date): { from: number | null; to: number | null } {
  switch (state.preset) {
    case 'today':
      return { from: startOfDay(now).getTime(), to: null };
    case 'last7':
      return { from: startOfDay(subDays(now, 6)).getTime(), to: null };
    case 'last30':
      return { from: startOfDay(subDays(now, 29)).getTime(), to: null };
    case 'all':
      return { from: null, to: null };
    case 'custom': {
      const from = day(state.customFrom);
      const to = customRangeInvalid(state) ? null : day(state.customTo);
      return { from: from?.getTime() ?? null, to: to ? addDays(to, 1).getTime() : null };
    }
  }
}

/** The filters of every analytics call (contract/analytics.ts), days in the author's time zone. */
export function requestFilters(state: FilterState, now: Date): AnalyticsFiltersInput {
  return {
    mode: state.mode,
    ...dateRange(state, now),
    finished_only: state.finishedOnly,
    answer_equals: state.answerEquals,
    hidden_equals: state.hiddenEquals,
    // `|| 0`: UTC would otherwise be -0, which a stored request does not keep through JSON.
    tz_offset_minutes: -now.getTimezoneOffset() || 0,
    ...(state.version === null ? {} : { version: state.version }),
  };
}

/**
 * The filters bar showing what a stored request asked for (after the re-login of an export): a date
 * range comes back as a custom range of whole days.
 */
export function stateFromRequest(filters: AnalyticsFiltersInput): FilterState {
  const from = filters.from ?? null;
  const to = filters.to ?? null;
  return {
    mode: filters.mode ?? 'live',
    preset: from === null && to === null ? 'all' : 'custom',
    customFrom: from === null ? '' : format(from, DAY_FORMAT),
    customTo: to === null ? '' : format(subDays(to, 1), DAY_FORMAT),
    finishedOnly: filters.finished_only ?? false,
    answerEquals: filters.answer_equals ?? [],
    hiddenEquals: filters.hidden_equals ?? [],
    version: filters.version ?? null,
  };
}

const sameFilter = (a: AnswerFilter, b: AnswerFilter) =>
  a.unique_question_id === b.unique_question_id &&
  (a.skipped ?? false) === (b.skipped ?? false) &&
  (a.skipped === true || a.value === b.value);

/** Adding a filter once (beyond the contract's maximum the list stays as it is), and removing it. */
function filterList<F>(same: (a: F, b: F) => boolean) {
  return {
    add: (list: F[], filter: F): F[] =>
      list.some((f) => same(f, filter)) || list.length >= ANSWER_FILTER_MAX ? list : [...list, filter],
    remove: (list: F[], filter: F): F[] => list.filter((f) => !same(f, filter)),
  };
}

const answerFilters = filterList(sameFilter);
export const addAnswerFilter = answerFilters.add;
export const removeAnswerFilter = answerFilters.remove;

/** Hidden-field filters (issue 22), one per name and value. */
const hiddenFilters = filterList<HiddenFilter>((a, b) => a.name === b.name && a.value === b.value);
export const addHiddenFilter = hiddenFilters.add;
export const removeHiddenFilter = hiddenFilters.remove;
