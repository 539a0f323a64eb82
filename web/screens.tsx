import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { RouteMeta } from '../contract/routes.ts';
import { RequireAuth } from './features/auth/RequireAuth.tsx';

type Screen = LazyExoticComponent<ComponentType>;

/**
 * Which component each route of contract/routes.ts shows. Every screen is its own lazy chunk, so a
 * respondent's route (Dialog, Assess_live, Widget_Only, Multichat_*, Dialog_exit, Privacy) never
 * downloads an author screen. An issue that builds a screen replaces its `Planned` entry here.
 */
const Planned: Screen = lazy(() => import('./features/planned/PlannedScreen.tsx'));
const Login: Screen = lazy(() => import('./features/auth/LoginScreen.tsx'));
const LoginRefresh: Screen = lazy(() => import('./features/auth/LoginRefreshScreen.tsx'));
const MagicLink: Screen = lazy(() => import('./features/auth/MagicLinkScreen.tsx'));
const InfoPage: Screen = lazy(() => import('./features/info-pages/InfoPage.tsx'));
// The respondent screens; the server sends their first page from the light entry (web/live.html).
const LiveScreen: Screen = lazy(() => import('./features/chat/AppLiveScreen.tsx'));
const Assess: Screen = lazy(() => import('./features/assess/AssessScreen.tsx'));
const Dashboard: Screen = lazy(() => import('./features/dashboard/DashboardScreen.tsx'));
const Configurator: Screen = lazy(() => import('./features/configurator/ConfiguratorScreen.tsx'));

export const SCREENS: Record<string, Screen> = {
  Root: Dashboard,
  Dashboard,
  Login,
  Login_Refresh: LoginRefresh,
  configurator: Configurator,
  Intrance: Planned,
  Intrance_ai: Planned,
  Assess: Assess,
  Assess_live: LiveScreen,
  Dialog: LiveScreen,
  Dialog_exit: LiveScreen,
  Multichat: Planned,
  Multichat_live: Planned,
  Multichat_flow: Planned,
  Multichat_aufderflucht: Planned,
  Impressum: InfoPage,
  Impressum_tatort: InfoPage,
  BI: InfoPage,
  Datenschutz: InfoPage,
  AGB: InfoPage,
  Privacy: LiveScreen,
  Magic_link: MagicLink,
  'E-Mail_Validation': Planned,
  'E-Mail_Reset_Password': Planned,
  Account: Planned,
  Admin: Planned,
  Share: Planned,
  Analyse: Planned,
  AnalyseMultiChat: Planned,
  Widget_Only: LiveScreen,
};

/** A route's screen, behind the route guard when the route needs a login. */
export function RouteScreen({ meta }: { meta: RouteMeta }) {
  const Screen = SCREENS[meta.name] ?? Login;
  return meta.auth ? (
    <RequireAuth>
      <Screen />
    </RequireAuth>
  ) : (
    <Screen />
  );
}
