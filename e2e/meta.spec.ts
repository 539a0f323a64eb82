import { expect, type Page, test } from '@playwright/test';
import { DEFAULT_PAGE_DESCRIPTION, DEFAULT_PAGE_TITLE } from '../contract/constants.ts';
import { GAME_META, matchRoute } from '../contract/routes.ts';
import { de } from '../web/i18n/de.ts';
import { createDialog } from './chat-support.ts';

/** Page title, description, favicon and social meta per route (SPEC §2), on the server and in the app. */

const login = matchRoute('/login');

interface HeadMeta {
  title: string | undefined;
  description: string | undefined;
  ogTitle: string | undefined;
  ogDescription: string | undefined;
  favicon: string | undefined;
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const ogImageOf = (html: string) => attr(html, /<meta property="og:image" content="([^"]*)"/);

/** Reads the head of the HTML the server sends (no JavaScript runs). */
function headOf(html: string): HeadMeta {
  return {
    title: attr(html, /<title>([^<]*)<\/title>/),
    description: attr(html, /<meta name="description" content="([^"]*)"/),
    ogTitle: attr(html, /<meta property="og:title" content="([^"]*)"/),
    ogDescription: attr(html, /<meta property="og:description" content="([^"]*)"/),
    favicon: attr(html, /<link rel="icon" href="([^"]*)"/),
  };
}

/** The same, read from the live document after the app ran. */
const headInPage = (page: Page): Promise<HeadMeta> =>
  page.evaluate(() => {
    const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
    return {
      title: document.title,
      description: content('meta[name="description"]') ?? undefined,
      ogTitle: content('meta[property="og:title"]') ?? undefined,
      ogDescription: content('meta[property="og:description"]') ?? undefined,
      favicon: document.head.querySelector('link[rel="icon"]')?.getAttribute('href') ?? undefined,
    };
  });

const games = [
  { path: '/flow', meta: GAME_META.flow },
  { path: '/aufderflucht', meta: GAME_META.aufderflucht },
];

test.describe('server-rendered head', () => {
  for (const { path, meta } of games) {
    test(`${path} has its game title, description and social tags`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(headOf(await res.text())).toEqual({
        title: meta.title,
        description: meta.description,
        ogTitle: meta.title,
        ogDescription: meta.description,
        favicon: meta.favicon,
      });
      // Crawlers need an absolute address; the seeded game's manager keeps the built-in image.
      expect(ogImageOf(await res.text())).toBe(new URL(meta.image, res.url()).href);
    });
  }

  test('/multi_live/{id} of a game that does not exist gets the default head', async ({ request }) => {
    const res = await request.get('/multi_live/1999999999');
    expect(res.status()).toBe(200);
    expect(headOf(await res.text())).toEqual({
      title: DEFAULT_PAGE_TITLE,
      description: DEFAULT_PAGE_DESCRIPTION,
      ogTitle: DEFAULT_PAGE_TITLE,
      ogDescription: DEFAULT_PAGE_DESCRIPTION,
      favicon: '/img/favicon.svg',
    });
  });

  test('/login has the login title', async ({ request }) => {
    const head = headOf(await (await request.get('/login')).text());
    expect(head.title).toBe(login.title);
    expect(head.ogTitle).toBe(login.title);
    expect(head.description).toBe(login.description);
  });

  test('an unknown path gets the login page head', async ({ request }) => {
    const res = await request.get('/irgendwas');
    expect(res.status()).toBe(200);
    expect(headOf(await res.text()).title).toBe(login.title);
  });
});

test.describe('head in the running app', () => {
  test('client-side navigation between routes updates title and meta', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: de.login.title, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(login.title);
    // A marker on window proves that what follows is in-app navigation, not a fresh page load.
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));

    for (const { path, meta } of games) {
      // Back/forward style navigation: the router follows history changes without reloading.
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      // The app shell sets the title when it renders the new route.
      await expect(page).toHaveTitle(meta.title);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      expect(await headInPage(page)).toEqual({
        title: meta.title,
        description: meta.description,
        ogTitle: meta.title,
        ogDescription: meta.description,
        favicon: meta.favicon,
      });
    }

    await page.goBack();
    await page.goBack();
    await expect(page.getByRole('heading', { name: de.login.title, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(login.title);
    expect((await headInPage(page)).ogTitle).toBe(login.title);
    expect(await page.evaluate(() => 'e2eSamePage' in window)).toBe(true);
  });

  test('following a user-menu link sets the target route title', async ({ page }) => {
    await page.goto('/impressum');
    await expect(page).toHaveTitle(matchRoute('/impressum').title);
    await page.getByRole('button', { name: de.userMenu.open }).click();
    await page.getByRole('menuitem', { name: 'AGBs' }).click();
    await expect(page).toHaveURL(/\/agb$/);
    await expect(page).toHaveTitle(matchRoute('/agb').title);
  });

  test('a public dialog keeps its name as the tab title after the app started', async ({ page, request }) => {
    const dialog = await createDialog(request, [{ type: 'open_text', context: 'Wie heißen Sie?' }]);
    const path = `/dialog/${dialog.surveyId}`;
    expect(headOf(await (await request.get(path)).text()).title).toBe('Chat-E2E');
    await page.goto(path);
    await expect(page.getByRole('checkbox', { name: /Datenschutzerklärung/ })).toBeVisible();
    await expect(page).toHaveTitle('Chat-E2E');
    expect((await headInPage(page)).ogTitle).toBe('Chat-E2E');
  });
});
