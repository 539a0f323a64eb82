import RefreshIcon from '@mui/icons-material/Refresh';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BreadcrumbBar } from '../components/BreadcrumbBar.tsx';
import { lazyPopup } from '../components/lazy-popup.tsx';
import { moduleAllowed } from '../components/module-tabs.ts';
import { ShellEventButton } from '../components/ShellEventButton.tsx';
import { UserMenu } from '../components/UserMenu.tsx';
import { useWindowWidth } from '../components/use-window-width.ts';
import { useRouteMeta } from '../route-context.ts';
import { useDialogStore } from '../state/dialog.ts';
import { adminBarLayout } from './admin-top-bar-rules.ts';
import { useLiveSwitchStore } from './live-switch.ts';

const PreflightConfirm = lazyPopup(() => import('./PreflightConfirm.tsx').then((m) => m.PreflightConfirm));
const TeamDialog = lazyPopup(() => import('../features/share/TeamDialog.tsx').then((m) => m.TeamDialog));
// Only a dialog's views show the module tabs and the live switch: the dashboard's download has neither.
const ModuleTabBar = lazy(() =>
  import('../components/ModuleTabBar.tsx').then((m) => ({ default: m.ModuleTabBar })),
);
const DialogControls = lazy(() =>
  import('../components/DialogControls.tsx').then((m) => ({ default: m.DialogControls })),
);

/** The authors' top bar (SPEC §2, "Admin top bar"). */
export default function AdminTopBar() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const theme = useTheme();
  const smUp = useMediaQuery(theme.breakpoints.up('sm'));
  const width = useWindowWidth();
  const dialogLoaded = useDialogStore((s) => s.dialog !== null);
  const canTest = useDialogStore((s) => moduleAllowed(s.dialog, 'assess'));
  const layout = adminBarLayout({ routeName: meta.name, width, smUp, dialogLoaded, canTest });
  const toggleActive = useLiveSwitchStore((s) => s.toggle);
  const toggling = useLiveSwitchStore((s) => s.pending);
  const preflightOpen = useLiveSwitchStore((s) => s.issues !== null);
  const surveyId = useDialogStore((s) => s.dialog?.survey_id ?? null);
  const [teamOpen, setTeamOpen] = useState(false);
  // The popup belongs to the dialog it was opened for: another dialog, or none, closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of the held dialog only
  useEffect(() => setTeamOpen(false), [surveyId]);

  return (
    <AppBar position="sticky" color="inherit" elevation={1} data-testid="admin-top-bar">
      <Toolbar sx={{ gap: 2 }}>
        <BreadcrumbBar />
        {layout.tabsInline ? (
          <Suspense fallback={null}>
            <ModuleTabBar />
          </Suspense>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        {layout.restartButton ? (
          <ShellEventButton event="assessRestart" title={t('topBar.restart')}>
            <RestartAltIcon />
          </ShellEventButton>
        ) : null}
        {layout.updateButton ? (
          <ShellEventButton event="analyseRefresh" title={t('topBar.updateAnalysis')}>
            <RefreshIcon />
          </ShellEventButton>
        ) : null}
        {layout.dialogControls ? (
          <Suspense fallback={null}>
            <DialogControls
              onToggleActive={toggleActive}
              onOpenTeam={() => setTeamOpen(true)}
              toggling={toggling}
            />
          </Suspense>
        ) : null}
        <UserMenu />
      </Toolbar>
      {layout.tabsRow ? (
        <Toolbar variant="dense" sx={{ borderTop: 1, borderColor: 'divider' }}>
          <Suspense fallback={null}>
            <ModuleTabBar />
          </Suspense>
        </Toolbar>
      ) : null}
      <TeamDialog surveyId={surveyId} open={teamOpen} onClose={() => setTeamOpen(false)} />
      <PreflightConfirm open={preflightOpen} />
    </AppBar>
  );
}
