import { type ComponentType, lazy, type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { RouteMeta } from '../contract/routes.ts';
import { activeModule } from './components/module-tabs.ts';
import { PageLoading } from './components/PageLoading.tsx';
import { RequireModule } from './components/RequireModule.tsx';
import { RequireAuth } from './features/auth/RequireAuth.tsx';
import { prefetchHeldDialog } from './lib/held-dialog.ts';

type Screen = ComponentType;
type ScreenModule = { default: ComponentType };

const preloads = new WeakMap<Screen, () => Promise<ScreenModule>>();

/**
 * A screen in its own chunk whose code is fetched before it renders: RouteScreen starts the download
 * while the route guard still verifies the token. Loaded with state rather than Suspense, so a screen
 * that arrives a moment later is shown at once (React holds back revealing suspended content).
 */
function preloadable(load: () => Promise<ScreenModule>): Screen {
  let loaded: Screen | null = null;
  let pending: Promise<ScreenModule> | null = null;
  const fetchScreen = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  function PreloadableScreen() {
    const [Loaded, setLoaded] = useState<Screen | null>(() => loaded);
    const [failure, setFailure] = useState<unknown>(null);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      fetchScreen().then(
        (module) => live && setLoaded(() => module.default),
        (error: unknown) => live && setFailure(error),
      );
      return () => {
        live = false;
      };
    }, [Loaded]);
    // A chunk that cannot be loaded goes to the route's error screen, as with lazy().
    if (failure) throw failure;
    return Loaded ? <Loaded /> : <PageLoading />;
  }
  preloads.set(PreloadableScreen, fetchScreen);
  return PreloadableScreen;
}

/**
 * A screen's module after zod's set-up (contract/zod-setup.ts: the jitless switch the CSP needs, German
 * messages) and with the German texts of the screens beyond the dashboard and the login
 * (i18n/feature-texts.ts): the app's entry has neither, a screen's schemas must not be built before the
 * switch, and a screen must not render before its texts are there.
 */
const withSetup = (load: () => Promise<ScreenModule>) => () =>
  Promise.all([import('../contract/zod-setup.ts'), import('./i18n/feature-texts.ts')]).then(load);

/**
 * Which component each route of contract/routes.ts shows. Every screen is its own lazy chunk, so a
 * respondent's route (Dialog, Assess_live, Widget_Only, Multichat_*, Dialog_exit, Privacy) never
 * downloads an author screen.
 */
const Login: Screen = lazy(() => import('./features/auth/LoginScreen.tsx'));
const LoginRefresh: Screen = lazy(withSetup(() => import('./features/auth/LoginRefreshScreen.tsx')));
const MagicLink: Screen = lazy(withSetup(() => import('./features/auth/MagicLinkScreen.tsx')));
const InfoPage: Screen = lazy(withSetup(() => import('./features/info-pages/InfoPage.tsx')));
// The respondent screens; the server sends their first page from the light entry (web/live.html).
const LiveScreen: Screen = lazy(() => import('./shell/AppLiveScreen.tsx'));
const Assess: Screen = lazy(withSetup(() => import('./features/assess/AssessScreen.tsx')));
const MultichatTest: Screen = lazy(withSetup(() => import('./features/multichat/MultichatTestScreen.tsx')));
// Zod-free (contract/endpoints/author-routes.ts), like the login: the page an author lands on.
const Dashboard: Screen = preloadable(() => import('./features/dashboard/DashboardScreen.tsx'));
const Configurator: Screen = preloadable(
  withSetup(() => import('./features/configurator/ConfiguratorScreen.tsx')),
);
const Share: Screen = lazy(withSetup(() => import('./features/share/ShareScreen.tsx')));
const Account: Screen = lazy(withSetup(() => import('./features/account/AccountScreen.tsx')));
const Admin: Screen = lazy(withSetup(() => import('./features/admin/AdminScreen.tsx')));
const Protokoll: Screen = lazy(withSetup(() => import('./features/audit/AuditScreen.tsx')));
const EmailValidation: Screen = lazy(withSetup(() => import('./features/auth/EmailValidationScreen.tsx')));
const ResetPassword: Screen = lazy(withSetup(() => import('./features/auth/ResetPasswordScreen.tsx')));
const Training: Screen = lazy(withSetup(() => import('./features/training/TrainingScreen.tsx')));
const Analyse: Screen = lazy(withSetup(() => import('./features/analytics/AnalyseScreen.tsx')));
const AnalyseMultiChat: Screen = lazy(
  withSetup(() => import('./features/analytics/AnalyseMultiChatScreen.tsx')),
);
const Managers: Screen = lazy(withSetup(() => import('./features/managers/ManagersScreen.tsx')));

export const SCREENS: Record<string, Screen> = {
  Root: Dashboard,
  Dashboard,
  Login,
  Login_Refresh: LoginRefresh,
  configurator: Configurator,
  Intrance: Training,
  Intrance_ai: Training,
  Assess: Assess,
  Assess_live: LiveScreen,
  Dialog: LiveScreen,
  Dialog_exit: LiveScreen,
  Multichat: MultichatTest,
  Multichat_live: LiveScreen,
  Multichat_flow: LiveScreen,
  Multichat_aufderflucht: LiveScreen,
  Impressum: InfoPage,
  Impressum_tatort: InfoPage,
  BI: InfoPage,
  Datenschutz: InfoPage,
  AGB: InfoPage,
  Privacy: LiveScreen,
  Magic_link: MagicLink,
  'E-Mail_Validation': EmailValidation,
  'E-Mail_Reset_Password': ResetPassword,
  Account,
  Admin,
  Protokoll,
  Share,
  Analyse,
  AnalyseMultiChat,
  DialogManagers: Managers,
  DialogManager: Managers,
  Widget_Only: LiveScreen,
};

const screenOf = (meta: RouteMeta): Screen => SCREENS[meta.name] ?? Login;

/**
 * What the page the app opens at needs, asked for as the app starts rather than when the screen first
 * renders: the screen's code and, on a dialog's module page (ModuleScreen), the held dialog.
 */
export function prefetchFirstPage(meta: RouteMeta, surveyId: string | undefined, pageKey: string) {
  void preloads.get(screenOf(meta))?.();
  if (meta.auth && surveyId !== undefined && activeModule(meta.name) !== null) {
    prefetchHeldDialog(surveyId, pageKey);
  }
}

/** A route's screen, behind the route guard when the route needs a login. */
export function RouteScreen({ meta }: { meta: RouteMeta }) {
  const Screen = screenOf(meta);
  // Idempotent: starts the screen's download once, in parallel with the guard's token check.
  void preloads.get(Screen)?.();
  return meta.auth ? (
    <RequireAuth>
      <ModuleScreen meta={meta}>
        <Screen />
      </ModuleScreen>
    </RequireAuth>
  ) : (
    <Screen />
  );
}

/** A dialog's module screen shows only when the dialog's role and flags allow it (RequireModule). */
function ModuleScreen({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const surveyId = useParams().survey_id;
  const module = activeModule(meta.name);
  if (surveyId === undefined || module === null) return children;
  return (
    <RequireModule surveyId={surveyId} module={module}>
      {children}
    </RequireModule>
  );
}
