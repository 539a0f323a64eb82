import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_NAMES } from '../../contract/pages.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { appForFile } from '../test/per-file.ts';

const getPage = (t: TestApp, name: string) => t.app.inject({ method: 'GET', url: `/api/pages/${name}` });

describe('GET /api/pages/:name with the bundled defaults', () => {
  const t = appForFile();

  const titles = {
    impressum: 'Impressum',
    impressum_tatort: 'Impressum Tatort-Game',
    bi: 'Erklärung zur Barrierefreiheit',
    datenschutz: 'Datenschutzerklärung',
    agb: 'Allgemeine Geschäftsbedingungen',
  };

  it.each(PAGE_NAMES)('%s: name, title from the first line, markdown below it', async (name) => {
    const res = await getPage(t, name);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.name).toBe(name);
    expect(page.title).toBe(titles[name]);
    expect(page.markdown.length).toBeGreaterThan(500);
    expect(page.markdown).not.toMatch(/^# /);
    // Every placeholder is filled; unset operator details say which variable to set.
    expect(page.markdown).not.toContain('{{');
    expect(`${page.title}\n${page.markdown}`).toMatch(/OPERATOR_(NAME|EMAIL) setzen/);
  });

  it('the Impressum names the operator per § 5 DDG', async () => {
    const { markdown } = (await getPage(t, 'impressum')).json();
    expect(markdown).toContain('§ 5 Digitale-Dienste-Gesetz');
    for (const v of ['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_EMAIL', 'OPERATOR_PHONE']) {
      expect(markdown).toContain(`(${v} setzen)`);
    }
  });

  it('the Datenschutzerklärung covers what the product stores', async () => {
    const { markdown } = (await getPage(t, 'datenschutz')).json();
    for (const key of ['`token`', '`refresh_token`', '`token_live`', '`refresh_token_live`']) {
      expect(markdown).toContain(key);
    }
    for (const topic of ['Argon2id', 'anonyme Teilnahme', 'keine Cookies', 'Sprachmodell', 'E-Mail-Server']) {
      expect(markdown).toContain(topic);
    }
  });

  it('an unknown name is a 404 with title and msg', async () => {
    for (const name of ['unknown', 'IMPRESSUM', '__proto__', 'constructor', 'impressum.md', '..%2Fagb']) {
      const res = await getPage(t, name);
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toEqual({ title: 'not_found', msg: expect.any(String) });
    }
  });
});

describe('GET /api/pages/:name with operator settings', () => {
  let t: TestApp;
  let contentDir: string;
  beforeAll(async () => {
    contentDir = mkdtempSync(join(tmpdir(), 'dialogwerk-content-'));
    writeFileSync(
      join(contentDir, 'impressum.md'),
      '# Unser Impressum\n\nVerantwortlich: {{operator_name}}\n',
    );
    // Written on Windows: byte order mark, CRLF, and no heading.
    writeFileSync(
      join(contentDir, 'agb.md'),
      '\uFEFFErste Zeile\r\nZweite Zeile {{ operator_email }} {{other}}\r\n',
    );
    t = await createTestApp({
      CONTENT_DIR: contentDir,
      OPERATOR_NAME: 'Beispiel GmbH',
      OPERATOR_ADDRESS: 'Musterweg 1, 12345 Musterstadt',
      OPERATOR_EMAIL: 'kontakt@beispiel.de',
      OPERATOR_PHONE: '+49 30 1234567',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(contentDir, { recursive: true, force: true });
  });

  it("serves the operator's own file with the placeholders filled", async () => {
    expect((await getPage(t, 'impressum')).json()).toEqual({
      name: 'impressum',
      title: 'Unser Impressum',
      markdown: 'Verantwortlich: Beispiel GmbH',
    });
  });

  it('a file without a heading keeps the default title; unknown placeholders stay', async () => {
    expect((await getPage(t, 'agb')).json()).toEqual({
      name: 'agb',
      title: 'Allgemeine Geschäftsbedingungen',
      markdown: 'Erste Zeile\nZweite Zeile kontakt@beispiel.de {{other}}',
    });
  });

  it('pages without an own file use the defaults with the operator details', async () => {
    const { markdown } = (await getPage(t, 'bi')).json();
    expect(markdown).toContain('Beispiel GmbH, Musterweg 1, 12345 Musterstadt');
    expect(markdown).toContain('kontakt@beispiel.de');
    expect(markdown).toContain('+49 30 1234567');
    expect(markdown).not.toContain('setzen)');
  });

  it('reads the files once: a later change shows only after a restart', async () => {
    writeFileSync(join(contentDir, 'impressum.md'), '# Geändert\n');
    expect((await getPage(t, 'impressum')).json().title).toBe('Unser Impressum');
  });
});
