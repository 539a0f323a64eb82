// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { GAME_META, matchRoute } from '../contract/routes.ts';
import { applyRouteMeta } from './route-meta.ts';

const meta = (sel: string) => document.head.querySelector(sel)?.getAttribute('content');

describe('route meta', () => {
  it('sets title, description, favicon and social tags, replacing the previous route', () => {
    applyRouteMeta(matchRoute('/dashboard'));
    expect(document.title).toBe('Dashboard – Dialogwerk');
    applyRouteMeta(matchRoute('/flow'));
    expect(document.title).toBe(GAME_META.flow.title);
    expect(meta('meta[name="description"]')).toBe(GAME_META.flow.description);
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      GAME_META.flow.favicon,
    );
    expect(meta('meta[property="og:title"]')).toBe(GAME_META.flow.title);
    expect(meta('meta[property="og:image"]')).toMatch(/\/img\/social-flow\.png$/);
    expect(meta('meta[name="twitter:description"]')).toBe(GAME_META.flow.description);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
  });
});
