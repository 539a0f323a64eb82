import CloseIcon from '@mui/icons-material/Close';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDialogStore } from '../state/dialog.ts';
import { useShellEvents } from '../state/shell-events.ts';
import { LiveInfoMenu } from './LiveInfoMenu.tsx';
import { LivePopupButton } from './LivePopupButton.tsx';
import { Logo } from './Logo.tsx';
import { pickLogoValue } from './logo.ts';

/**
 * The respondents' top bar (SPEC §2): logo, restart and cancel with confirm popups, information menu.
 * The chat screen carries out restart and delete when it sees the events.
 */
export default function LiveTopBar() {
  const { t } = useTranslation();
  const { survey_id } = useParams();
  const { dialog, clientConfig, fragments } = useDialogStore();
  const emit = useShellEvents((s) => s.emit);
  const surveyId = survey_id ?? dialog?.survey_id ?? clientConfig?.survey_id;
  const logo = pickLogoValue(clientConfig?.config?.logo_src, dialog?.logo_src);

  return (
    <AppBar position="sticky" color="inherit" elevation={1} data-testid="live-top-bar">
      <Toolbar sx={{ gap: 1 }}>
        <Logo value={logo} alt={dialog?.survey_name ?? clientConfig?.survey_name ?? 'Logo'} />
        <Box sx={{ flexGrow: 1 }} />
        <LivePopupButton
          title={fragments?.restart ?? t('live.restart')}
          texts={fragments?.restart_pop_up}
          confirmKey="btn_restart"
          icon={<RestartAltIcon />}
          onConfirm={() => emit('liveRestart')}
        />
        <LivePopupButton
          title={fragments?.delete ?? t('live.delete')}
          texts={fragments?.delete_pop_up}
          confirmKey="btn_delete"
          icon={<CloseIcon />}
          onConfirm={() => emit('liveDelete')}
        />
        <LiveInfoMenu
          title={t('live.info')}
          privacyLabel={fragments?.privacy ?? t('live.privacy')}
          surveyId={surveyId}
        />
      </Toolbar>
    </AppBar>
  );
}
