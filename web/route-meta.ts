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

/**
 * Sets the page title, description, favicon and social meta tags of a route (SPEC §2). The server puts
 * the same tags into the first page it sends (server/http/web.ts); this keeps them right on navigation.
 */
export function applyRouteMeta(meta: RouteMeta, doc: Document = document): void {
  const image = new URL(meta.image, doc.baseURI).href;
  doc.title = meta.title;
  setMeta(doc, 'name', 'description', meta.description);
  setFavicon(doc, meta.favicon);
  setMeta(doc, 'property', 'og:title', meta.title);
  setMeta(doc, 'property', 'og:description', meta.description);
  setMeta(doc, 'property', 'og:image', image);
  setMeta(doc, 'property', 'og:type', 'website');
  setMeta(doc, 'name', 'twitter:card', 'summary_large_image');
  setMeta(doc, 'name', 'twitter:title', meta.title);
  setMeta(doc, 'name', 'twitter:description', meta.description);
  setMeta(doc, 'name', 'twitter:image', image);
}
