import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_DESCRIPTION, DEFAULT_PAGE_TITLE } from '../../contract/constants.ts';
import { GAME_META } from '../../contract/routes.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { authorSession, call, newDialog, type Session } from '../test/dialogs.ts';

/**
 * The head the server puts into the page it sends, for link-preview crawlers that run no JavaScript
 * (SPEC §2): a game's own title, description, favicon and social tags, a public dialog's name.
 */

const page = (entry: string) =>
  `<!doctype html><html><head><!--route-meta--><title>x</title><!--/route-meta--></head><body>${entry}</body></html>`;

const HOSTILE = `"><script>alert('x')</script>$&$'`;

let t: TestApp;
let author: Session;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-head-'));
  writeFileSync(join(dir, 'index.html'), page('AUTHOR-APP'));
  writeFileSync(join(dir, 'live.html'), page('RESPONDENT-APP'));
  // The fixed games point at managers that do not exist until a test sets them.
  t = await createTestApp({
    WEB_DIST_DIR: dir,
    MULTICHAT_FLOW_ID: '1999999998',
    MULTICHAT_AUFDERFLUCHT_ID: '1999999999',
  });
  author = await authorSession(t);
});
afterAll(() => t.close());

interface Head {
  title: string | undefined;
  description: string | undefined;
  favicon: string | undefined;
  ogTitle: string | undefined;
  ogDescription: string | undefined;
  ogImage: string | undefined;
  ogUrl: string | undefined;
  twitterTitle: string | undefined;
  twitterDescription: string | undefined;
  twitterImage: string | undefined;
}

const decodeAttr = (s: string | undefined) =>
  s
    ?.replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/** The head's values as a crawler reads them (attribute values unescaped). */
function headOf(html: string): Head {
  const one = (re: RegExp) => {
    const all = [...html.matchAll(new RegExp(re, 'g'))];
    expect(all.length, String(re)).toBeLessThanOrEqual(1);
    return decodeAttr(all[0]?.[1]);
  };
  const meta = (attr: string, key: string) => one(new RegExp(`<meta ${attr}="${key}" content="([^"]*)" />`));
  return {
    title: one(/<title>([^<]*)<\/title>/),
    description: meta('name', 'description'),
    favicon: one(/<link rel="icon" href="([^"]*)" \/>/),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    ogImage: meta('property', 'og:image'),
    ogUrl: meta('property', 'og:url'),
    twitterTitle: meta('name', 'twitter:title'),
    twitterDescription: meta('name', 'twitter:description'),
    twitterImage: meta('name', 'twitter:image'),
  };
}

async function fetchHead(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: 'spiele.example.org', ...headers } });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return { body: res.body, head: headOf(res.body) };
}

async function createGame(fields: Record<string, string>): Promise<number> {
  const res = await call(t, author.token, '/api/create_dialogmanager', { name: 'Spiel', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().dialog_manager_id;
}

const defaults = (path: string) => ({
  title: DEFAULT_PAGE_TITLE,
  description: DEFAULT_PAGE_DESCRIPTION,
  favicon: '/img/favicon.svg',
  ogTitle: DEFAULT_PAGE_TITLE,
  ogDescription: DEFAULT_PAGE_DESCRIPTION,
  ogImage: 'http://spiele.example.org/img/social.png',
  ogUrl: `http://spiele.example.org${path}`,
  twitterTitle: DEFAULT_PAGE_TITLE,
  twitterDescription: DEFAULT_PAGE_DESCRIPTION,
  twitterImage: 'http://spiele.example.org/img/social.png',
});

describe('GET /multi_live/{id}', () => {
  it("renders the game's own title, description, favicon and social tags", async () => {
    const id = await createGame({
      game_title: 'Der Fall Müller',
      description: 'Ein Krimi im Chat.',
      favicon: '/img/favicon-flow.svg',
      meta_image: '/media/vorschau.png',
      meta_text: 'Lösen Sie den Fall!',
    });
    const { body, head } = await fetchHead(`/multi_live/${id}`);
    expect(body).toContain('RESPONDENT-APP');
    expect(head).toEqual({
      title: 'Der Fall Müller',
      description: 'Ein Krimi im Chat.',
      favicon: '/img/favicon-flow.svg',
      ogTitle: 'Der Fall Müller',
      ogDescription: 'Lösen Sie den Fall!',
      ogImage: 'http://spiele.example.org/media/vorschau.png',
      ogUrl: `http://spiele.example.org/multi_live/${id}`,
      twitterTitle: 'Der Fall Müller',
      twitterDescription: 'Lösen Sie den Fall!',
      twitterImage: 'http://spiele.example.org/media/vorschau.png',
    });
    // The same with a trailing slash; an absolute image stays as it is.
    const external = await createGame({ game_title: 'Extern', meta_image: 'https://cdn.example.net/a.png' });
    const other = (await fetchHead(`/multi_live/${external}/`)).head;
    expect(other.title).toBe('Extern');
    expect(other.ogImage).toBe('https://cdn.example.net/a.png');
  });

  it('falls back to the defaults per empty field; the description stands in for the preview text', async () => {
    const id = await createGame({ description: 'Nur eine Beschreibung.' });
    expect((await fetchHead(`/multi_live/${id}`)).head).toEqual({
      ...defaults(`/multi_live/${id}`),
      description: 'Nur eine Beschreibung.',
      ogDescription: 'Nur eine Beschreibung.',
      twitterDescription: 'Nur eine Beschreibung.',
    });
  });

  it('renders the defaults for an unknown or invalid id', async () => {
    for (const id of ['2000000000', '2147483647', '99999999999', '0', '-3', 'abc', '%41', '1.5']) {
      expect((await fetchHead(`/multi_live/${id}`)).head, id).toEqual(defaults(`/multi_live/${id}`));
    }
  });

  it('escapes hostile texts in every tag', async () => {
    const id = await createGame({ game_title: HOSTILE, description: HOSTILE, meta_text: HOSTILE });
    // Fields the API checks may still hold anything in the database (older data, imports).
    await t.database.db
      .updateTable('dialog_managers')
      .set({ favicon: `/img/x.svg${HOSTILE}`, meta_image: `/img/y.png${HOSTILE}` })
      .where('id', '=', id)
      .execute();
    const { body, head } = await fetchHead(`/multi_live/${id}`);
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('"><');
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(head.title).toBe(HOSTILE);
    expect(head.ogTitle).toBe(HOSTILE);
    expect(head.twitterTitle).toBe(HOSTILE);
    expect(head.description).toBe(HOSTILE);
    expect(head.ogDescription).toBe(HOSTILE);
    expect(head.favicon).toBe(`/img/x.svg${HOSTILE}`);
    // A URL: made absolute (the URL parser percent-encodes what it must), and escaped.
    expect(head.ogImage).toMatch(/^http:\/\/spiele\.example\.org\/img\/y\.png/);
    expect(head.ogImage).not.toMatch(/[<>"\s]/);
  });
});

describe('GET /flow and /aufderflucht', () => {
  it('renders the fixed games from their managers (MULTICHAT_FLOW_ID, MULTICHAT_AUFDERFLUCHT_ID)', async () => {
    const id = await createGame({
      game_title: 'Flow, neu erzählt',
      meta_text: 'Neuer Vorschautext',
      meta_image: '/img/social-neu.png',
    });
    t.config.MULTICHAT_FLOW_ID = id;
    try {
      expect((await fetchHead('/flow')).head).toEqual({
        title: 'Flow, neu erzählt',
        // Empty on the manager: the game's built-in values.
        description: GAME_META.flow.description,
        favicon: GAME_META.flow.favicon,
        ogTitle: 'Flow, neu erzählt',
        ogDescription: 'Neuer Vorschautext',
        ogImage: 'http://spiele.example.org/img/social-neu.png',
        ogUrl: 'http://spiele.example.org/flow',
        twitterTitle: 'Flow, neu erzählt',
        twitterDescription: 'Neuer Vorschautext',
        twitterImage: 'http://spiele.example.org/img/social-neu.png',
      });
      // /multi_live of the same manager renders the same values; only the defaults differ.
      const live = (await fetchHead(`/multi_live/${id}`)).head;
      expect(live.title).toBe('Flow, neu erzählt');
      expect(live.favicon).toBe('/img/favicon.svg');
    } finally {
      t.config.MULTICHAT_FLOW_ID = 1_999_999_998;
    }
  });

  it("renders the games' built-in values, with an absolute og:image, while their managers do not exist", async () => {
    for (const [path, meta] of [
      ['/flow', GAME_META.flow],
      ['/aufderflucht', GAME_META.aufderflucht],
    ] as const) {
      const { body, head } = await fetchHead(path);
      expect(body).toContain('RESPONDENT-APP');
      expect(head).toEqual({
        title: meta.title,
        description: meta.description,
        favicon: meta.favicon,
        ogTitle: meta.title,
        ogDescription: meta.description,
        ogImage: `http://spiele.example.org${meta.image}`,
        ogUrl: `http://spiele.example.org${path}`,
        twitterTitle: meta.title,
        twitterDescription: meta.description,
        twitterImage: `http://spiele.example.org${meta.image}`,
      });
    }
  });
});

describe('site address of og:image and og:url', () => {
  it('ignores X-Forwarded-* without TRUST_PROXY and skips og:url for an unusable host', async () => {
    const forwarded = await fetchHead('/flow', {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(forwarded.head.ogImage).toBe(`http://spiele.example.org${GAME_META.flow.image}`);
    const odd = await fetchHead('/flow', { host: 'a"b<c' });
    expect(odd.head.ogImage).toBe(GAME_META.flow.image);
    expect(odd.head.ogUrl).toBeUndefined();
    expect(odd.body).not.toContain('a"b');
    // A path starting with several slashes stays on this site.
    expect((await fetchHead('//evil.example/x')).head.ogUrl).toBe('http://spiele.example.org/evil.example/x');
  });

  it('uses PUBLIC_URL when set, and the forwarded address behind a trusted proxy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-head-'));
    writeFileSync(join(dir, 'index.html'), page('AUTHOR-APP'));
    const configured = await createTestApp({ WEB_DIST_DIR: dir, PUBLIC_URL: 'https://dialoge.example.com' });
    const proxied = await createTestApp({ WEB_DIST_DIR: dir, TRUST_PROXY: '1' });
    try {
      const a = await configured.app.inject({
        method: 'GET',
        url: '/flow',
        headers: { host: 'intern:3000' },
      });
      expect(headOf(a.body).ogImage).toBe(`https://dialoge.example.com${GAME_META.flow.image}`);
      expect(headOf(a.body).ogUrl).toBe('https://dialoge.example.com/flow');
      const b = await proxied.app.inject({
        method: 'GET',
        url: '/multi_live/123',
        headers: {
          host: 'intern:3000',
          'x-forwarded-host': 'spiele.example.com',
          'x-forwarded-proto': 'https',
        },
      });
      expect(headOf(b.body).ogImage).toBe('https://spiele.example.com/img/social.png');
      expect(headOf(b.body).ogUrl).toBe('https://spiele.example.com/multi_live/123');
    } finally {
      await configured.close();
      await proxied.close();
    }
  });
});

describe('GET /dialog/{id}, /assess_live/{id} and /widget/{id}', () => {
  const settings = (sid: string, action: 'config' | 'fixmessages', changed: Record<string, unknown>) =>
    call(t, author.token, '/api/update_survey_settings', { survey_id: sid, action, changed_values: changed });

  it("renders the dialog's own name, welcome and picture in the title and social tags", async () => {
    const sid = await newDialog(t, author.token, 'Kundenbefragung 2026');
    const welcome = 'Guten Tag!\nWir möchten wissen, wie zufrieden Sie mit uns sind.';
    expect((await settings(sid, 'fixmessages', { welcome })).statusCode).toBe(200);
    expect((await settings(sid, 'config', { logo_src: '/media/logo-kunde.png' })).statusCode).toBe(200);
    const text = 'Guten Tag! Wir möchten wissen, wie zufrieden Sie mit uns sind.';
    const image = 'http://spiele.example.org/media/logo-kunde.png';
    for (const path of [`/dialog/${sid}`, `/assess_live/${sid}`, `/widget/${sid}`]) {
      const { body, head } = await fetchHead(path);
      expect(body, path).toContain('RESPONDENT-APP');
      expect(head, path).toEqual({
        ...defaults(path),
        title: 'Kundenbefragung 2026',
        description: text,
        ogTitle: 'Kundenbefragung 2026',
        ogDescription: text,
        ogImage: image,
        twitterTitle: 'Kundenbefragung 2026',
        twitterDescription: text,
        twitterImage: image,
      });
    }
    // Without a logo the avatar; a logo named as a bundled asset has no address and is passed over.
    await settings(sid, 'config', { logo_src: 'dialogwerk', avatar_src: 'https://cdn.example.net/a.png' });
    expect((await fetchHead(`/dialog/${sid}`)).head.ogImage).toBe('https://cdn.example.net/a.png');
  });

  it("uses the dialog's own link-preview title, text and image from its settings, checked when saved", async () => {
    const sid = await newDialog(t, author.token, 'Interne Bezeichnung');
    await settings(sid, 'fixmessages', { welcome: 'Willkommen!' });
    await settings(sid, 'config', { logo_src: '/media/logo.png' });
    const saved = await settings(sid, 'config', {
      preview_title: '  Ihre Meinung zählt  ',
      preview_description: 'Fünf Minuten für eine bessere Stadtbibliothek.',
      preview_image: 'https://cdn.example.net/vorschau.png',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({ preview_title: 'Ihre Meinung zählt' });
    for (const path of [`/dialog/${sid}`, `/assess_live/${sid}`, `/widget/${sid}`]) {
      const { head } = await fetchHead(path);
      expect(head, path).toMatchObject({
        title: 'Ihre Meinung zählt',
        ogTitle: 'Ihre Meinung zählt',
        twitterTitle: 'Ihre Meinung zählt',
        description: 'Fünf Minuten für eine bessere Stadtbibliothek.',
        ogDescription: 'Fünf Minuten für eine bessere Stadtbibliothek.',
        ogImage: 'https://cdn.example.net/vorschau.png',
        twitterImage: 'https://cdn.example.net/vorschau.png',
      });
    }
    // Emptied again: name, welcome and logo as before.
    await settings(sid, 'config', { preview_title: '', preview_description: '', preview_image: '' });
    expect((await fetchHead(`/dialog/${sid}`)).head).toMatchObject({
      title: 'Interne Bezeichnung',
      ogDescription: 'Willkommen!',
      ogImage: 'http://spiele.example.org/media/logo.png',
    });
    // Refused with the field and its rule: a line break, too long, a script address, an asset name.
    for (const [field, value, rule] of [
      ['preview_title', 'Zwei\nZeilen', 'Zeilenumbrüche'],
      ['preview_title', 'x'.repeat(121), 'höchstens 120 Zeichen'],
      ['preview_description', 'x'.repeat(301), 'höchstens 300 Zeichen'],
      ['preview_image', 'javascript:alert(1)', 'http(s)-Adresse'],
      ['preview_image', 'dialogwerk', 'http(s)-Adresse'],
    ] as const) {
      const res = await settings(sid, 'config', { [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.body).toContain(field);
      expect(res.body).toContain(rule);
    }
  });

  it('cuts a long welcome at a word and leaves out its media', async () => {
    const sid = await newDialog(t, author.token, 'Lang');
    const words = 'Bitte nehmen Sie sich einen Moment Zeit für unsere Fragen. '.repeat(8);
    await settings(sid, 'fixmessages', { welcome: words });
    const { head } = await fetchHead(`/dialog/${sid}`);
    expect(head.ogDescription!.length).toBeLessThanOrEqual(200);
    expect(head.ogDescription).toMatch(/^Bitte nehmen Sie .* \S+…$/);
    expect(head.ogDescription!.endsWith(' …')).toBe(false);
  });

  it('escapes a hostile dialog name and welcome, and renders the defaults for an unknown dialog', async () => {
    const sid = await newDialog(t, author.token, HOSTILE);
    await settings(sid, 'fixmessages', { welcome: HOSTILE });
    const { body, head } = await fetchHead(`/dialog/${sid}`);
    expect(body).not.toContain('<script>');
    expect(head.title).toBe(HOSTILE);
    expect(head.ogTitle).toBe(HOSTILE);
    expect(head.ogDescription).toBe(HOSTILE);
    expect(head.twitterDescription).toBe(HOSTILE);
    for (const path of [
      '/dialog/gibt-es-nicht',
      `/assess_live/${'x'.repeat(65)}`,
      '/dialog/gibt%20es%20nicht',
      '/widget/gibt-es-nicht',
    ]) {
      expect((await fetchHead(path)).head, path).toEqual(defaults(path));
    }
  });
});
