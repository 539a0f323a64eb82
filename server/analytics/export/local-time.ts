import type { AnalyticsFilters } from '../../../contract/analytics.ts';

/** Wall-clock time of the author's zone, as Excel shows a date without zone. */
export const local = (ms: number, f: AnalyticsFilters) => new Date(ms + f.tz_offset_minutes * 60_000);

/** The same as text (yyyy-mm-dd hh:mm:ss), for the CSV file. */
export const localText = (ms: number, f: AnalyticsFilters) =>
  local(ms, f).toISOString().slice(0, 19).replace('T', ' ');
