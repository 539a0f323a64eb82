import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useBannerStore } from '../state/banner.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * The global banner at the top (SPEC §2, §4): an error banner stays until dismissed; the server-busy
 * banner shows for 6000 ms with a progress indicator. Refresh reloads the page, close dismisses.
 */
export function GlobalBanner() {
  const { t } = useTranslation();
  const { show, text, severity, durationMs, shownAt, dismiss } = useBannerStore();
  const left = useCountdown(show ? durationMs : null, shownAt, dismiss);
  if (!show) return null;
  const reload = () => {
    dismiss();
    window.location.reload();
  };
  return (
    <Box sx={{ position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}>
      <Alert
        severity={severity}
        variant="filled"
        sx={{ borderRadius: 0 }}
        action={
          <>
            <IconButton
              color="inherit"
              size="small"
              aria-label={t('banner.reload')}
              title={t('banner.reload')}
              onClick={reload}
            >
              <RefreshIcon fontSize="small" />
            </IconButton>
            <IconButton
              color="inherit"
              size="small"
              aria-label={t('banner.close')}
              title={t('banner.close')}
              onClick={dismiss}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      >
        {text}
      </Alert>
      {durationMs ? (
        <LinearProgress variant="determinate" value={left} color={severity} aria-label={text.slice(0, 40)} />
      ) : null}
    </Box>
  );
}
