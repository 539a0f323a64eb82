import { DEFAULT_PAGE_DESCRIPTION, DEFAULT_PAGE_TITLE } from './constants.ts';

/**
 * The route table of SPEC §2 with each route's meta. The web router renders it; the server uses it to
 * put the right title and social meta tags into the page it sends, so link previews work without JS.
 */
export type Navbar = 'live' | 'admin';

export interface RouteMeta {
  name: string;
  path: string;
  title: string;
  description: string;
  navbar: Navbar;
  auth: boolean;
  favicon: string;
  image: string;
}

const DEFAULT_FAVICON = '/img/favicon.svg';
const DEFAULT_IMAGE = '/img/social.png';

type RouteInput = Pick<RouteMeta, 'name' | 'path'> & Partial<Omit<RouteMeta, 'name' | 'path'>>;

function route(input: RouteInput): RouteMeta {
  return {
    title: DEFAULT_PAGE_TITLE,
    description: DEFAULT_PAGE_DESCRIPTION,
    navbar: 'admin',
    auth: false,
    favicon: DEFAULT_FAVICON,
    image: DEFAULT_IMAGE,
    ...input,
  };
}

const titled = (title: string) => `${title} – Dialogwerk`;

export const GAME_META = {
  flow: {
    title: 'Flow – Das Krimi-Spiel im Messenger',
    // The games speak to the player as 'du' (du_sie), so do their descriptions.
    description: 'Ermittle im Chat: Befrage Zeugen, sammle Hinweise und löse den Fall.',
    favicon: '/img/favicon-flow.svg',
    image: '/img/social-flow.png',
  },
  aufderflucht: {
    title: 'Auf der Flucht – Das Krimi-Spiel im Messenger',
    description: 'Eine Flucht in Chatnachrichten: Entscheide, wem du traust, und entkomme.',
    favicon: '/img/favicon-aufderflucht.svg',
    image: '/img/social-aufderflucht.png',
  },
} as const;

export const ROUTES: readonly RouteMeta[] = [
  route({ name: 'Root', path: '/', auth: true, title: titled('Dashboard') }),
  route({ name: 'Dashboard', path: '/dashboard', auth: true, title: titled('Dashboard') }),
  route({ name: 'Login', path: '/login', title: titled('Anmelden') }),
  route({ name: 'Login_Refresh', path: '/login_refresh', title: titled('Erneut anmelden') }),
  route({ name: 'configurator', path: '/configurator/:survey_id', auth: true, title: titled('Bearbeiten') }),
  route({ name: 'Intrance', path: '/intrance/:survey_id', auth: true, title: titled('Trainieren') }),
  route({ name: 'Intrance_ai', path: '/intrance_old/:survey_id', auth: true, title: titled('Trainieren') }),
  route({ name: 'Assess', path: '/assess/:survey_id', auth: true, title: titled('Testen') }),
  route({ name: 'Assess_live', path: '/assess_live/:survey_id', navbar: 'live' }),
  route({ name: 'Dialog', path: '/dialog/:survey_id', navbar: 'live' }),
  route({ name: 'Dialog_exit', path: '/exit/:var', navbar: 'live' }),
  route({ name: 'Multichat', path: '/multi/:manager_id', auth: true, title: titled('Multi-Chat') }),
  route({ name: 'Multichat_live', path: '/multi_live/:manager_id', navbar: 'live' }),
  route({ name: 'Multichat_flow', path: '/flow', navbar: 'live', ...GAME_META.flow }),
  route({ name: 'Multichat_aufderflucht', path: '/aufderflucht', navbar: 'live', ...GAME_META.aufderflucht }),
  route({ name: 'Impressum', path: '/impressum', title: titled('Impressum') }),
  route({ name: 'Impressum_tatort', path: '/impressum_tatort', title: titled('Impressum Tatort-Game') }),
  route({ name: 'BI', path: '/bi', title: titled('Barrierefreiheit') }),
  route({ name: 'Datenschutz', path: '/datenschutz', title: titled('Datenschutz') }),
  route({ name: 'AGB', path: '/agb', title: titled('AGB') }),
  route({ name: 'Privacy', path: '/privacy/:survey_id', navbar: 'live', title: titled('Datenschutz') }),
  route({ name: 'Magic_link', path: '/magic_link', title: titled('Einladung') }),
  route({ name: 'E-Mail_Validation', path: '/email_validation', title: titled('E-Mail bestätigen') }),
  route({ name: 'E-Mail_Reset_Password', path: '/reset_password', title: titled('Passwort zurücksetzen') }),
  route({ name: 'Account', path: '/account', auth: true, title: titled('Einstellungen') }),
  route({ name: 'Admin', path: '/admin', auth: true, title: titled('Administration') }),
  route({ name: 'Protokoll', path: '/protokoll', auth: true, title: titled('Protokoll') }),
  route({ name: 'Protokoll', path: '/protokoll/:survey_id', auth: true, title: titled('Protokoll') }),
  route({ name: 'Share', path: '/share/:survey_id', auth: true, title: titled('Teilen') }),
  route({ name: 'Analyse', path: '/analyse/:survey_id', auth: true, title: titled('Analyse') }),
  route({ name: 'Analyse', path: '/analyse/:survey_id/refresh_login', auth: true, title: titled('Analyse') }),
  route({
    name: 'AnalyseMultiChat',
    path: '/analyse_multichat/:dialog_manager_id',
    auth: true,
    title: titled('Analyse'),
  }),
  route({
    name: 'AnalyseMultiChat',
    path: '/analyse_multichat/:dialog_manager_id/refresh_login',
    auth: true,
    title: titled('Analyse'),
  }),
  route({ name: 'DialogManagers', path: '/managers', auth: true, title: titled('Dialog-Manager') }),
  route({
    name: 'DialogManager',
    path: '/managers/:dialog_manager_id',
    auth: true,
    title: titled('Dialog-Manager'),
  }),
  route({ name: 'Widget_Only', path: '/widget/:survey_id', navbar: 'live' }),
];

/** Unknown paths show the login screen (SPEC §2). */
export const FALLBACK_ROUTE: RouteMeta = ROUTES.find((r) => r.name === 'Login')!;

function compile(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '([^/]+)' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

const compiled = ROUTES.map((r) => ({ meta: r, re: compile(r.path) }));

export function matchRoute(pathname: string): RouteMeta {
  return compiled.find((c) => c.re.test(pathname))?.meta ?? FALLBACK_ROUTE;
}

/** SPEC §2: no top bar on these routes, on any route whose name contains 'Multichat', and unnamed ones. */
const NO_TOP_BAR = new Set([
  'Privacy',
  'Login',
  'Datenschutz',
  'E-Mail_Validation',
  'E-Mail_Reset_Password',
  'Magic_link',
  'Login_Refresh',
  'Widget_Only',
  'About',
]);
/**
 * On a phone these chat routes show one header, the chat's own (avatar, name, logo, actions menu):
 * a top bar above it would take a sixth of the screen twice over.
 */
const CHAT_HEADER_ON_PHONE = new Set(['Dialog', 'Assess_live']);

export function showsTopBar(name: string | undefined, phone = false): boolean {
  if (phone && name && CHAT_HEADER_ON_PHONE.has(name)) return false;
  return !!name && !NO_TOP_BAR.has(name) && !name.includes('Multichat');
}

/**
 * SPEC §2: page content without padding on these routes and every Multichat route; also the widget,
 * whose chat fills the small panel of the embedding page edge to edge.
 */
const NO_PADDING = new Set([
  'Login',
  'E-Mail_Validation',
  'E-Mail_Reset_Password',
  'Magic_link',
  'About',
  'Assess',
  'Assess_live',
  'Dialog',
  'Widget_Only',
]);
export function hasContentPadding(name: string | undefined): boolean {
  return !(name && (NO_PADDING.has(name) || name.includes('Multichat')));
}

/**
 * Respondent routes served by the light entry (web/live.html): no author app, MUI or router code for
 * respondents (issue 4's bundle budget). The server sends live.html for them. The author's test chat
 * of a game (/multi) stays in the author app, like /assess.
 */
export const LIVE_ENTRY_ROUTES: ReadonlySet<string> = new Set([
  'Dialog',
  'Assess_live',
  'Widget_Only',
  'Dialog_exit',
  'Privacy',
  'Multichat_live',
  'Multichat_flow',
  'Multichat_aufderflucht',
]);

/** Routes any website may show in a frame (the embed snippet's iframe); every other page only our own. */
export const FRAMEABLE_ROUTES: ReadonlySet<string> = new Set(['Widget_Only']);

/** Admin dialog views: the routes with the module tab bar and the dialog controls in the top bar. */
export const DIALOG_VIEWS = new Set([
  'configurator',
  'Intrance',
  'Intrance_ai',
  'Assess',
  'Share',
  'Analyse',
  'AnalyseMultiChat',
]);
