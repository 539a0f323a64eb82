import './live.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNavigator } from '../navigation.ts';
import { restoreLiveSession } from '../state/live-auth.ts';
import { LiveApp } from './LiveApp.tsx';
import { liveNavigate } from './live-router.ts';

/**
 * The light respondent entry (web/live.html): /dialog, /assess_live, /widget, /exit and /privacy without
 * the author app, MUI, React Router or i18next, so a respondent downloads little (issue 4's budget).
 */
restoreLiveSession();
setNavigator(liveNavigate);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LiveApp />
  </StrictMode>,
);
