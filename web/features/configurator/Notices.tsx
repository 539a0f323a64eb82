import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { Popup } from '../../components/Popup.tsx';
import { useController } from './context.ts';
import { useConfiguratorStore } from './store.ts';

/** The snackbar of reverted changes and the popup of a stale write (never overwritten silently). */
export function Notices() {
  const { t } = useTranslation();
  const controller = useController();
  const notice = useConfiguratorStore((s) => s.notice);
  const stale = useConfiguratorStore((s) => s.stale);
  return (
    <>
      <Snackbar
        key={notice?.key}
        open={notice !== null}
        autoHideDuration={8000}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') controller.dismissNotice();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Alert
          severity={notice?.severity ?? 'info'}
          variant="filled"
          onClose={() => controller.dismissNotice()}
        >
          {notice?.text}
        </Alert>
      </Snackbar>
      <Popup open={stale} onClose={() => controller.closeStale()} titleId="stale-title">
        <DialogTitle id="stale-title">{t('configurator.stale.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('configurator.stale.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => controller.closeStale()}>{t('common.close')}</Button>
          <Button variant="contained" onClick={() => void controller.reloadFromServer()}>
            {t('configurator.stale.reload')}
          </Button>
        </DialogActions>
      </Popup>
    </>
  );
}
