import GroupsIcon from '@mui/icons-material/Groups';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useDialogStore } from '../state/dialog.ts';
import { liveToggleAllowed } from './module-tabs.ts';

export interface DialogControlsProps {
  /** Flips the dialog's live status (web/state/live-switch.ts); without it the toggle is disabled. */
  onToggleActive?: () => void;
  /** Opens the sharing popup 'Team & Berechtigungen'; until then the button is disabled. */
  onOpenTeam?: () => void;
  /** A switch call is in flight: loading indicator, toggle disabled (SPEC §4). */
  toggling?: boolean;
}

/** The live/inactive toggle and the 'Team' button of the admin top bar. */
export function DialogControls({ onToggleActive, onOpenTeam, toggling = false }: DialogControlsProps) {
  const { t } = useTranslation();
  const dialog = useDialogStore((s) => s.dialog);
  const active = dialog?.active === true;
  return (
    <>
      {toggling ? <CircularProgress size={18} aria-label={t('common.loading')} /> : null}
      <FormControlLabel
        label={active ? t('topBar.live') : t('topBar.inactive')}
        control={
          <Switch
            checked={active}
            onChange={onToggleActive}
            disabled={!onToggleActive || toggling || !liveToggleAllowed(dialog)}
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
