import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { errorDialogText, useErrorStore } from '../state/error.ts';
import { Popup } from './Popup.tsx';

/** The global error dialog: title and message from the shared error state (SPEC §2, §8). */
export function ErrorDialog() {
  const { t } = useTranslation();
  const { show, title, msg, hideError } = useErrorStore();
  return (
    <Popup open={show} onClose={hideError} titleId="error-dialog-title">
      <DialogTitle id="error-dialog-title">{title || t('errorDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{errorDialogText({ title, msg })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={hideError} autoFocus>
          {t('errorDialog.ok')}
        </Button>
      </DialogActions>
    </Popup>
  );
}
