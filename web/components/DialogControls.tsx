import GroupsIcon from '@mui/icons-material/Groups';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogStore } from '../state/dialog.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { liveToggleAllowed } from './module-tabs.ts';

export interface DialogControlsProps {
  /** Flips the dialog's live status (web/shell/live-switch.ts); without it the toggle is disabled. */
  onToggleActive?: () => void;
  /** Opens the sharing popup 'Team & Berechtigungen'; until then the button is disabled. */
  onOpenTeam?: () => void;
  /** A switch call is in flight: loading indicator, toggle disabled (SPEC §4). */
  toggling?: boolean;
}

/**
 * The live/inactive toggle and the 'Team' button of the admin top bar. Going live is one click; taking a
 * live dialog offline asks first, since it ends every respondent's chat in progress.
 */
export function DialogControls({ onToggleActive, onOpenTeam, toggling = false }: DialogControlsProps) {
  const { t } = useTranslation();
  const dialog = useDialogStore((s) => s.dialog);
  const active = dialog?.active === true;
  const [confirming, setConfirming] = useState(false);
  const toggle = () => (active ? setConfirming(true) : onToggleActive?.());
  return (
    <>
      {toggling ? <CircularProgress size={18} aria-label={t('common.loading')} /> : null}
      <FormControlLabel
        label={active ? t('topBar.live') : t('topBar.inactive')}
        control={
          <Switch
            checked={active}
            onChange={toggle}
            disabled={!onToggleActive || toggling || !liveToggleAllowed(dialog)}
            color="success"
          />
        }
      />
      <Button variant="outlined" startIcon={<GroupsIcon />} onClick={onOpenTeam} disabled={!onOpenTeam}>
        {t('topBar.team')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('topBar.offline.title')}
        text={t('topBar.offline.text')}
        confirmLabel={t('topBar.offline.confirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onToggleActive?.();
        }}
      />
    </>
  );
}
