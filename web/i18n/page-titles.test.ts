// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { GAME_META, LIVE_ENTRY_ROUTES, matchRoute, ROUTES } from '../../contract/routes.ts';
import { applyRouteMeta } from '../route-meta.ts';
import { de } from './de.ts';
import i18next, { routeTitle } from './index.ts';

const ogTitle = () => document.head.querySelector('meta[property="og:title"]')?.getAttribute('content');

describe('page titles in the UI language', () => {
  afterEach(async () => {
    await i18next.changeLanguage('de');
  });

  it('German titles are the route table’s, letter for letter', () => {
    for (const r of ROUTES.filter((r) => Object.hasOwn(de.pageTitles, r.name))) {
      expect(routeTitle(r, 'de'), r.path).toBe(r.title);
    }
    // Every route of the author app with a title of its own ('… – Dialogwerk') has one here; the
    // respondent entry's routes (e.g. Privacy) keep theirs, in the dialog's language or not at all.
    const own = ROUTES.filter((r) => r.title.endsWith(' – Dialogwerk') && !LIVE_ENTRY_ROUTES.has(r.name));
    for (const r of own) {
      expect(de.pageTitles, r.path).toHaveProperty([r.name]);
    }
    applyRouteMeta(matchRoute('/account'));
    expect(document.title).toBe('Einstellungen – Dialogwerk');
  });

  it('English titles once the app runs in English', async () => {
    await i18next.changeLanguage('en');
    const title = (path: string) => {
      applyRouteMeta(matchRoute(path));
      return document.title;
    };
    expect(title('/account')).toBe('Settings – Dialogwerk');
    expect(ogTitle()).toBe('Settings – Dialogwerk');
    expect(title('/configurator/s1')).toBe('Edit – Dialogwerk');
    expect(title('/share/s1')).toBe('Share – Dialogwerk');
    expect(title('/intrance/s1')).toBe('Train – Dialogwerk');
    expect(title('/managers')).toBe('Dialog managers – Dialogwerk');
    expect(title('/managers/3')).toBe('Dialog managers – Dialogwerk');
    expect(title('/admin')).toBe('Administration – Dialogwerk');
    expect(title('/dashboard')).toBe('Dashboard – Dialogwerk');
    // Titles that are not the route's own stay: a game's, a respondent route's default.
    expect(title('/flow')).toBe(GAME_META.flow.title);
    applyRouteMeta({ ...matchRoute('/multi/3'), title: 'Mein Spiel' });
    expect(document.title).toBe('Mein Spiel');
  });

  it('switching the language retitles the open page', async () => {
    applyRouteMeta(matchRoute('/share/s1'));
    expect(document.title).toBe('Teilen – Dialogwerk');
    await i18next.changeLanguage('en');
    expect(document.title).toBe('Share – Dialogwerk');
    await i18next.changeLanguage('de');
    expect(document.title).toBe('Teilen – Dialogwerk');
  });
});
