import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '../../../contract/constants.ts';
import { TeamPanel } from './TeamPanel.tsx';

/**
 * The sharing popup 'Team & Berechtigungen' (SPEC §2): 450 wide, at most 80vh high, the member list
 * at most 40vh. Opened for a survey_id; without one it stays closed.
 */
export function TeamDialog({
  surveyId,
  open,
  onClose,
}: {
  surveyId: string | null;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open && !!surveyId}
      onClose={onClose}
      aria-labelledby="team-dialog-title"
      slotProps={{
        paper: {
          sx: { width: LAYOUT.sharingDialogWidth, maxWidth: 'calc(100vw - 32px)', maxHeight: '80vh', m: 2 },
        },
      }}
    >
      <DialogTitle id="team-dialog-title">{t('share.title')}</DialogTitle>
      <DialogContent>
        {surveyId ? <TeamPanel surveyId={surveyId} listMaxHeight="40vh" /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
