import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/errors.ts';
import { ROUTES } from '../../contract/routes.ts';
import { dateLocale, formatDate } from './date.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import i18next from './index.ts';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('i18n', () => {
  it('German is the default and its SPEC texts are the contract texts', () => {
    expect(i18next.language).toBe('de');
    expect(i18next.t('messages.loggedOut')).toBe(MESSAGES.loggedOut);
  });
  it('English has exactly the German keys', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });
  it('every screen without a real component yet has a heading in both languages', () => {
    const built = new Set([
      'Login',
      'Login_Refresh',
      'Magic_link',
      'Impressum',
      'Impressum_tatort',
      'BI',
      'Datenschutz',
      'AGB',
    ]);
    for (const r of ROUTES.filter((r) => !built.has(r.name))) {
      expect(de.screens, r.name).toHaveProperty([r.name]);
    }
  });
  it('date locales de and en', () => {
    expect(dateLocale('de').code).toBe('de');
    expect(dateLocale('en').code).toBe('en-US');
    expect(dateLocale('fr').code).toBe('de');
    expect(formatDate(new Date(2024, 0, 15), 'MMMM', 'de')).toBe('Januar');
    expect(formatDate(new Date(2024, 0, 15), 'MMMM', 'en')).toBe('January');
  });
});
