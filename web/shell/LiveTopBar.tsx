import CloseIcon from '@mui/icons-material/Close';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LiveInfoMenu } from '../components/LiveInfoMenu.tsx';
import { LivePopupButton } from '../components/LivePopupButton.tsx';
import { Logo } from '../components/Logo.tsx';
import { liveTopBarModel } from '../components/live-top-bar-rules.ts';
import { useDialogStore } from '../state/dialog.ts';
import { useLiveAuthStore } from '../state/live-auth.ts';
import { useShellEvents } from '../state/shell-events.ts';

/**
 * The respondents' top bar (SPEC §2) in the author app: logo, restart and cancel with confirm popups,
 * information menu. The respondent entry (web/live/) draws the same model without MUI. The chat screen
 * carries out restart and delete when it sees the events.
 */
export default function LiveTopBar() {
  const { t } = useTranslation();
  const { survey_id } = useParams();
  const { dialog, clientConfig, fragments } = useDialogStore();
  const emit = useShellEvents((s) => s.emit);
  const consented = useLiveAuthStore((s) => s.storage_accepted);
  const bar = liveTopBarModel({
    consented,
    routeSurveyId: survey_id,
    dialog,
    clientConfig,
    fragments,
    fallback: { restart: t('live.restart'), delete: t('live.delete'), privacy: t('live.privacy') },
  });

  return (
    <AppBar position="sticky" color="inherit" elevation={1} data-testid="live-top-bar">
      <Toolbar sx={{ gap: 1 }}>
        <Logo value={bar.logo} alt={bar.logoAlt} />
        <Box sx={{ flexGrow: 1 }} />
        <LivePopupButton
          title={bar.restart.title}
          popup={bar.restart.popup}
          icon={<RestartAltIcon />}
          onConfirm={() => emit('liveRestart')}
        />
        <LivePopupButton
          title={bar.remove.title}
          popup={bar.remove.popup}
          danger
          icon={<CloseIcon />}
          onConfirm={() => emit('liveDelete')}
        />
        <LiveInfoMenu
          title={t('live.info')}
          privacyLabel={bar.privacy.label}
          privacyHref={bar.privacy.href}
        />
      </Toolbar>
    </AppBar>
  );
}
