import type { RouteMeta } from '../contract/routes.ts';

type MetaAttr = 'name' | 'property';

function setMeta(doc: Document, attr: MetaAttr, key: string, content: string): void {
  let el = doc.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = doc.createElement('meta');
    el.setAttribute(attr, key);
    doc.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

function setFavicon(doc: Document, href: string): void {
  let el = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!el) {
    el = doc.createElement('link');
    el.rel = 'icon';
    doc.head.appendChild(el);
  }
  el.setAttribute('href', href);
}

/** A route's title in the UI language; the author app's i18n sets it (web/i18n/index.ts). */
export type TitleTranslator = (meta: RouteMeta) => string;

let translateTitle: TitleTranslator = (meta) => meta.title;
let lastApplied: { meta: RouteMeta; doc: Document } | null = null;

/**
 * Sets how titles are translated. The respondent entry never sets one (its titles stay as the route
 * table has them, without pulling the author UI's translations into its bundle).
 */
export function setTitleTranslator(translator: TitleTranslator): void {
  translateTitle = translator;
}

/** Applies the last route's meta again, e.g. when the UI language changed. */
export function reapplyRouteMeta(): void {
  if (lastApplied) applyRouteMeta(lastApplied.meta, lastApplied.doc);
}

/**
 * Sets the page title, description, favicon and social meta tags of a route (SPEC §2). The server puts
 * the same tags into the first page it sends (server/http/web.ts), in German; this keeps them right on
 * navigation and shows the title in the UI language.
 */
export function applyRouteMeta(meta: RouteMeta, doc: Document = document): void {
  lastApplied = { meta, doc };
  const title = translateTitle(meta);
  const image = new URL(meta.image, doc.baseURI).href;
  doc.title = title;
  setMeta(doc, 'name', 'description', meta.description);
  setFavicon(doc, meta.favicon);
  setMeta(doc, 'property', 'og:title', title);
  setMeta(doc, 'property', 'og:description', meta.description);
  setMeta(doc, 'property', 'og:image', image);
  setMeta(doc, 'property', 'og:type', 'website');
  setMeta(doc, 'name', 'twitter:card', 'summary_large_image');
  setMeta(doc, 'name', 'twitter:title', title);
  setMeta(doc, 'name', 'twitter:description', meta.description);
  setMeta(doc, 'name', 'twitter:image', image);
}
