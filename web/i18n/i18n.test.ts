import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../contract/audit.ts';
import { MESSAGES } from '../../contract/errors.ts';
import { ROUTES } from '../../contract/routes.ts';
import { SHARING_MESSAGES } from '../../contract/sharing.ts';
import { dateLocale, formatDate } from './date.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import i18next from './index.ts';
import { validationText } from './validation.ts';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('i18n', () => {
  // English is fetched when first needed (index.ts); these checks read it without switching to it.
  beforeAll(() => i18next.loadLanguages('en'));

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
  it("every audit action has a label on the 'Protokoll' screen", () => {
    const label = i18next.getFixedT('de');
    for (const action of AUDIT_ACTIONS) expect(de.audit.actions, action).toHaveProperty([action]);
    expect(label('audit.actions.version_published')).toBe('Version veröffentlicht');
    expect(label('audit.actions.version_restored')).toBe('Version wiederhergestellt');
    expect(label('audit.actions.version_mode_changed')).toBe('Versionsmodus geändert');
  });
  it('date locales de and en', () => {
    expect(dateLocale('de').code).toBe('de');
    expect(dateLocale('en').code).toBe('en-US');
    expect(dateLocale('fr').code).toBe('de');
    expect(formatDate(new Date(2024, 0, 15), 'MMMM', 'de')).toBe('Januar');
    expect(formatDate(new Date(2024, 0, 15), 'MMMM', 'en')).toBe('January');
  });
  it('validation texts of the contract: unchanged in German, translated in English', () => {
    const de = i18next.getFixedT('de');
    const en = i18next.getFixedT('en');
    const contract = [
      'darf nicht leer sein',
      'höchstens 200 Zeichen',
      'mindestens 10 Zeichen',
      'muss ein Text sein',
    ];
    for (const text of [...contract, ...Object.values(SHARING_MESSAGES)]) {
      expect(validationText(text, de)).toBe(text);
    }
    expect(contract.map((text) => validationText(text, en))).toEqual([
      'must not be empty',
      'at most 200 characters',
      'at least 10 characters',
      'must be text',
    ]);
    expect(validationText(SHARING_MESSAGES.emailInvalid, en)).toBe(en('share.validation.emailInvalid'));
    expect(validationText('etwas anderes', en)).toBe('etwas anderes');
    expect(validationText(undefined, en)).toBeUndefined();
  });
});
