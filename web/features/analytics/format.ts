import i18next from '../../i18n/index.ts';

/** Figures as the author reads them: German separators by default ('66,7 %', '3,25'). */

const locale = (language: string = i18next.language) => (language === 'en' ? 'en-US' : 'de-DE');

/** '–' for a figure that does not exist (no respondent, no finished session). */
export const NONE = '–';

export function formatCount(value: number, language?: string): string {
  return new Intl.NumberFormat(locale(language)).format(value);
}

/** A number with at most `digits` decimals. */
export function formatNumber(value: number | null, digits = 2, language?: string): string {
  if (value === null) return NONE;
  return new Intl.NumberFormat(locale(language), { maximumFractionDigits: digits }).format(value);
}

/** A share 0..1 as a percentage with at most one decimal. */
export function formatShare(value: number | null, language?: string): string {
  if (value === null) return NONE;
  return new Intl.NumberFormat(locale(language), { style: 'percent', maximumFractionDigits: 1 }).format(
    value,
  );
}

/** A duration: '42 s', '3 min 5 s', '2 h 4 min'; under a second as '0,4 s'. */
export function formatDuration(ms: number | null, language?: string): string {
  if (ms === null) return NONE;
  if (ms < 1000) return `${formatNumber(ms / 1000, 1, language)} s`;
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return min > 0 ? `${h} h ${min} min` : `${h} h`;
  if (min > 0) return s > 0 ? `${min} min ${s} s` : `${min} min`;
  return `${s} s`;
}
