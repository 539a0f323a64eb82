import type { FastifyRequest } from 'fastify';
import { settingsShape, surveyIdSchema } from '../../contract/dialogs.ts';
import { idParams } from '../../contract/managers.ts';
import type { RouteMeta } from '../../contract/routes.ts';
import { plainText } from '../../contract/text-content.ts';
import type { AppContext } from '../context.ts';
import { parseJsonObject } from '../db/json-columns.ts';
import { dialogHeadOf, gameHeadOf } from './page-head-queries.ts';

/**
 * The head of the page the server sends (SPEC §2: title, description, favicon and meta tags per route),
 * so link previews show them without JavaScript. A game's route (/multi_live/{id}, /flow, /aufderflucht)
 * gets its manager's own values, a public dialog (/dialog/{id}, /assess_live/{id}, /widget/{id}) its own
 * link-preview fields, else its name, welcome text and logo or avatar (its settings); every other route,
 * and an unknown id, the route table's values.
 */
export interface PageHead {
  title: string;
  /** The page's description (meta name="description"). */
  description: string;
  /** The social preview text (og:description, twitter:description). */
  socialText: string;
  favicon: string;
  /** Relative to the site or absolute. */
  image: string;
}

export type HeadContext = Pick<AppContext, 'db' | 'config'>;

export const routeHead = (meta: RouteMeta): PageHead => ({
  title: meta.title,
  description: meta.description,
  socialText: meta.description,
  favicon: meta.favicon,
  image: meta.image,
});

/** The path's second segment (`/multi_live/5` → `5`), decoded; undefined when it is not valid. */
function pathParam(path: string): string | undefined {
  const raw = path.split('/')[2];
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Which manager's game a route shows: the fixed games read the config now (tests change it). */
function gameManagerId(ctx: HeadContext, meta: RouteMeta, path: string): number | undefined {
  if (meta.name === 'Multichat_flow') return ctx.config.MULTICHAT_FLOW_ID;
  if (meta.name === 'Multichat_aufderflucht') return ctx.config.MULTICHAT_AUFDERFLUCHT_ID;
  const id = idParams.safeParse({ id: pathParam(path) });
  return id.success ? id.data.id : undefined;
}

/** A game's head: the manager's own values where it has them (managers screen), else the route's. */
async function gameHead(ctx: HeadContext, meta: RouteMeta, managerId: number): Promise<PageHead> {
  const game = await gameHeadOf(ctx.db, managerId);
  if (!game) return routeHead(meta);
  const description = game.description.trim() || meta.description;
  return {
    title: game.game_title.trim() || meta.title,
    description,
    socialText: game.meta_text.trim() || description,
    favicon: game.favicon || meta.favicon,
    image: game.meta_image || meta.image,
  };
}

/** A preview text is a sentence or two: crawlers cut longer ones anyway (about 200 characters). */
const PREVIEW_CHARS = 200;

/** The welcome as one line of plain text (no media, delays or markers), cut at a word with '…'. */
function previewText(welcome: string): string {
  const text = plainText(welcome).replace(/\s+/g, ' ').trim();
  if (text.length <= PREVIEW_CHARS) return text;
  const cut = text.slice(0, PREVIEW_CHARS - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

type TextSetting = 'preview_title' | 'preview_description' | 'preview_image' | 'logo_src' | 'avatar_src';

/** A stored text setting when it passes its rule today, else undefined. */
function setting(stored: Record<string, unknown>, key: TextSetting): string | undefined {
  const value = settingsShape[key].safeParse(stored[key]);
  return value.success ? value.data : undefined;
}

/**
 * The dialog's picture for previews: its own preview image, else its logo, else its avatar, when that
 * is an address (an upload, a bundled image or a URL); a bundled logo named as an asset has none.
 */
function previewImage(stored: Record<string, unknown>): string | undefined {
  for (const key of ['preview_image', 'logo_src', 'avatar_src'] as const) {
    const value = setting(stored, key);
    if (value && /^(\/|https?:)/.test(value)) return value;
  }
  return undefined;
}

/**
 * A public dialog's head: its own link-preview title and text where the author set them (settings),
 * else its name and the start of its welcome; its preview image, logo or avatar (SPEC §2, §9).
 */
async function dialogHead(ctx: HeadContext, meta: RouteMeta, surveyId: string): Promise<PageHead> {
  const row = await dialogHeadOf(ctx.db, surveyId);
  if (!row) return routeHead(meta);
  const stored = parseJsonObject(row.settings);
  const description = setting(stored, 'preview_description') || previewText(row.welcome) || meta.description;
  return {
    ...routeHead(meta),
    title: setting(stored, 'preview_title') || row.survey_name.trim() || meta.title,
    description,
    socialText: description,
    image: previewImage(stored) ?? meta.image,
  };
}

const GAME_ROUTES = new Set(['Multichat_live', 'Multichat_flow', 'Multichat_aufderflucht']);
const DIALOG_ROUTES = new Set(['Dialog', 'Assess_live', 'Widget_Only']);

/** The head for a path whose route is `meta`: at most one small query. */
export async function pageHead(ctx: HeadContext, meta: RouteMeta, path: string): Promise<PageHead> {
  if (GAME_ROUTES.has(meta.name)) {
    const managerId = gameManagerId(ctx, meta, path);
    return managerId === undefined ? routeHead(meta) : gameHead(ctx, meta, managerId);
  }
  if (DIALOG_ROUTES.has(meta.name)) {
    const surveyId = surveyIdSchema.safeParse(pathParam(path));
    return surveyId.success ? dialogHead(ctx, meta, surveyId.data) : routeHead(meta);
  }
  return routeHead(meta);
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The site's address for absolute og:image and og:url: PUBLIC_URL when set, else the request's own
 * (Fastify reads X-Forwarded-Proto and X-Forwarded-Host only with TRUST_PROXY). Undefined when the
 * request names no usable host.
 */
export function siteUrl(request: FastifyRequest, publicUrl: string | undefined): string | undefined {
  if (publicUrl) return publicUrl;
  const host = request.host;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  if (!host || !HOST.test(host)) return undefined;
  return `${protocol}://${host}/`;
}
