import { useEffect } from 'react';
import { hasContentPadding, LIVE_ENTRY_ROUTES, matchRoute, showsTopBar } from '../../contract/routes.ts';
import { LiveBar } from '../chat-kit/live-bar/LiveActions.tsx';
import { usePhoneWidth } from '../chat-kit/phone-width.ts';
import { respondentTexts } from '../chat-kit/respondent-texts.ts';
import { useDialogAddress, useDialogLanguage } from '../chat-kit/use-dialog-look.ts';
import { applyRouteMeta } from '../route-meta.ts';
import { LiveBanner } from './LiveBanner.tsx';
import { LiveErrorDialog } from './LiveErrorDialog.tsx';
import { LiveRouteScreen } from './LiveRouteScreen.tsx';
import styles from './live-app.module.css';
import { routeParams, usePathname } from './live-router.ts';

/** The frame of the respondent entry: banner, the live top bar where SPEC §2 shows it, the screen. */
export function LiveApp() {
  const pathname = usePathname();
  const meta = matchRoute(pathname);
  const params = routeParams(meta.path, pathname);
  const texts = respondentTexts(useDialogLanguage(), useDialogAddress());
  const respondentRoute = LIVE_ENTRY_ROUTES.has(meta.name);
  const phone = usePhoneWidth();
  useEffect(() => applyRouteMeta(meta), [meta]);
  useEffect(() => {
    // This file opened under another path (e.g. /live.html itself): the author app takes over.
    if (!respondentRoute) window.location.replace('/');
  }, [respondentRoute]);
  return (
    <div className={styles.app}>
      <LiveBanner texts={texts} />
      {showsTopBar(meta.name, phone) ? <LiveBar surveyId={params.survey_id} texts={texts} /> : null}
      <main className={`${styles.main} ${hasContentPadding(meta.name) ? styles.padded : ''}`}>
        <LiveRouteScreen name={meta.name} params={params} />
      </main>
      <LiveErrorDialog texts={texts} />
    </div>
  );
}
