import { ExitScreen } from './ExitScreen.tsx';
import { LiveChatScreen } from './LiveChatScreen.tsx';
import { PrivacyScreen } from './PrivacyScreen.tsx';

/**
 * The respondent screens by route name (contract/routes.ts LIVE_ENTRY_ROUTES), for the light entry
 * (web/live/) and the author app alike. A remount per dialog id starts each chat fresh.
 */
export function LiveRouteScreen({
  name,
  params,
}: {
  name: string;
  params: Readonly<Record<string, string>>;
}) {
  const surveyId = params.survey_id ?? '';
  switch (name) {
    case 'Dialog':
    case 'Assess_live':
      return <LiveChatScreen key={surveyId} surveyId={surveyId} />;
    case 'Widget_Only':
      return <LiveChatScreen key={surveyId} surveyId={surveyId} widget />;
    case 'Dialog_exit':
      return <ExitScreen exitVar={params.var ?? ''} />;
    case 'Privacy':
      return <PrivacyScreen key={surveyId} surveyId={surveyId} />;
    default:
      return null;
  }
}
