import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPageName, PAGE_NAMES, type PageName, type PageResponse } from '../../contract/pages.ts';
import type { Config } from '../config.ts';
import { notFound } from '../http/errors.ts';

/**
 * The info pages: CONTENT_DIR/<name>.md when the operator provides one, else the bundled German
 * default. `npm run build:server` copies the defaults beside the compiled file, so this path holds
 * both from source and from dist/.
 */
const DEFAULTS_DIR = fileURLToPath(new URL('./defaults/', import.meta.url));

export type PagesConfig = Pick<
  Config,
  'CONTENT_DIR' | 'OPERATOR_NAME' | 'OPERATOR_ADDRESS' | 'OPERATOR_EMAIL' | 'OPERATOR_PHONE'
>;

export interface PageStore {
  get(name: string): PageResponse;
}

/** `{{operator_name}}` and friends; other double-brace text stays as written. */
function fillPlaceholders(text: string, config: PagesConfig): string {
  const values: Record<string, string> = {
    operator_name: config.OPERATOR_NAME,
    operator_address: config.OPERATOR_ADDRESS,
    operator_email: config.OPERATOR_EMAIL,
    operator_phone: config.OPERATOR_PHONE,
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, key: string) => values[key] ?? match);
}

/** The first line '# Title' is the title; the rest is the page. Editors on Windows add a BOM and CRLF. */
function splitTitle(text: string): { title: string | undefined; markdown: string } {
  const [first = '', ...rest] = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .trimStart()
    .split('\n');
  const heading = /^#\s+(.*\S)\s*$/.exec(first);
  if (!heading) return { title: undefined, markdown: [first, ...rest].join('\n').trim() };
  return { title: heading[1], markdown: rest.join('\n').trim() };
}

function loadPage(name: PageName, config: PagesConfig): PageResponse {
  const bundled = splitTitle(readFileSync(join(DEFAULTS_DIR, `${name}.md`), 'utf8'));
  const own = config.CONTENT_DIR ? join(config.CONTENT_DIR, `${name}.md`) : undefined;
  const page = own && existsSync(own) ? splitTitle(readFileSync(own, 'utf8')) : bundled;
  // An operator's file without a heading keeps the bundled page's title.
  const title = page.title ?? bundled.title ?? name;
  return { name, title: fillPlaceholders(title, config), markdown: fillPlaceholders(page.markdown, config) };
}

/** Reads every page once (per process) and answers from memory afterwards. */
export function loadPages(config: PagesConfig): PageStore {
  const pages = new Map(PAGE_NAMES.map((name) => [name, loadPage(name, config)]));
  return {
    get(name) {
      const page = isPageName(name) ? pages.get(name) : undefined;
      if (!page) throw notFound('Diese Seite gibt es nicht.');
      return page;
    },
  };
}
