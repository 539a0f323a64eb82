import { lazy, Suspense } from 'react';
import { LiveChatScreen } from '../features/chat/LiveChatScreen.tsx';
import { managerIdParam } from '../features/multichat/game-param.ts';

// The dialog's chat screen is in the entry (its chat fetched beside the dialog's config, LiveChatScreen);
// the games, the exit and the privacy page are fetched when their route is opened, so the first paint of
// /dialog/{id} does not wait for them (issue 23's budget).
const ExitScreen = lazy(() =>
  import('../features/chat/ExitScreen.tsx').then((m) => ({ default: m.ExitScreen })),
);
const MultichatLiveScreen = lazy(() =>
  import('../features/multichat/MultichatLiveScreen.tsx').then((m) => ({ default: m.MultichatLiveScreen })),
);
const PrivacyScreen = lazy(() =>
  import('../features/chat/PrivacyScreen.tsx').then((m) => ({ default: m.PrivacyScreen })),
);

/**
 * The respondent screens by route name (contract/routes.ts LIVE_ENTRY_ROUTES), for the light entry
 * (web/live/) and the author app alike. A remount per dialog or game starts each chat fresh.
 */
export function LiveRouteScreen(props: { name: string; params: Readonly<Record<string, string>> }) {
  return (
    <Suspense fallback={null}>
      <RouteScreen {...props} />
    </Suspense>
  );
}

function RouteScreen({ name, params }: { name: string; params: Readonly<Record<string, string>> }) {
  const surveyId = params.survey_id ?? '';
  switch (name) {
    case 'Dialog':
    case 'Assess_live':
      return <LiveChatScreen key={surveyId} surveyId={surveyId} />;
    case 'Widget_Only':
      return <LiveChatScreen key={surveyId} surveyId={surveyId} widget />;
    case 'Multichat_live': {
      const managerId = params.manager_id ?? '';
      return <MultichatLiveScreen key={managerId} game={managerIdParam(managerId)} />;
    }
    case 'Multichat_flow':
      return <MultichatLiveScreen key="flow" game="flow" />;
    case 'Multichat_aufderflucht':
      return <MultichatLiveScreen key="aufderflucht" game="aufderflucht" />;
    case 'Dialog_exit':
      return <ExitScreen exitVar={params.var ?? ''} />;
    case 'Privacy':
      return <PrivacyScreen key={surveyId} surveyId={surveyId} />;
    default:
      return null;
  }
}
