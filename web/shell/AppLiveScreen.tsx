import { useParams } from 'react-router';
import { LiveRouteScreen } from '../live/LiveRouteScreen.tsx';
import { useRouteMeta } from '../route-context.ts';

/**
 * The respondent screens inside the author app, for in-app navigation to them (the server sends their
 * first page from the light entry, web/live.html). The app shell adds the live top bar around them.
 */
export default function AppLiveScreen() {
  const meta = useRouteMeta();
  const params = useParams();
  const defined = Object.fromEntries(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return <LiveRouteScreen name={meta.name} params={defined} />;
}
