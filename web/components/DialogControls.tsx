import GroupsIcon from '@mui/icons-material/Groups';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useDialogStore } from '../state/dialog.ts';

export interface DialogControlsProps {
  /** Flips the dialog's live status; until the sharing issue provides it, the toggle is disabled. */
  onToggleActive?: () => void;
  /** Opens the sharing popup 'Team & Berechtigungen'; until then the button is disabled. */
  onOpenTeam?: () => void;
}

/** The live/inactive toggle and the 'Team' button of the admin top bar. */
export function DialogControls({ onToggleActive, onOpenTeam }: DialogControlsProps) {
  const { t } = useTranslation();
  const dialog = useDialogStore((s) => s.dialog);
  const active = dialog?.active === true;
  return (
    <>
      <FormControlLabel
        label={active ? t('topBar.live') : t('topBar.inactive')}
        control={
          <Switch
            checked={active}
            onChange={onToggleActive}
            disabled={!onToggleActive || dialog?.live_switch === 0}
            color="success"
          />
        }
      />
      <Button variant="outlined" startIcon={<GroupsIcon />} onClick={onOpenTeam} disabled={!onOpenTeam}>
        {t('topBar.team')}
      </Button>
    </>
  );
}
