import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from './Popup.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  /** 'Abbrechen' unless the popup names its own way back. */
  cancelLabel?: string;
  confirmLabel: string;
  onCancel(): void;
  onConfirm(): void;
  confirmColor?: 'primary' | 'error';
  /** A choice the confirmation needs (e.g. who receives the dialogs of a deleted account). */
  children?: ReactNode;
  /** Keeps the confirm button disabled until that choice is made. */
  confirmDisabled?: boolean;
}

/** The one confirm popup of the app: 400 wide, at most 80vw (SPEC §2, §9). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Popup open={props.open} onClose={props.onCancel} titleId="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-line' }}>{props.text}</DialogContentText>
        {props.children}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>{props.cancelLabel ?? t('common.cancel')}</Button>
        <Button
          variant="contained"
          color={props.confirmColor ?? 'primary'}
          onClick={props.onConfirm}
          disabled={props.confirmDisabled}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Popup>
  );
}

export interface ItemConfirmDialogProps<T>
  extends Pick<ConfirmDialogProps, 'title' | 'text' | 'confirmLabel' | 'children'> {
  /** The item asked about; the popup is open while it is set. */
  item: T | null;
  /** Acts on the item once the author confirms (the popup closes at the same time). */
  onConfirm(item: T): void;
  /** Clears the item: on cancel and after the confirm. */
  onClose(): void;
}

/** The red confirm before one item goes (deleted, removed, revoked): the same popup wherever a list offers it. */
export function ItemConfirmDialog<T>({ item, onConfirm, onClose, ...texts }: ItemConfirmDialogProps<T>) {
  return (
    <ConfirmDialog
      open={item !== null}
      {...texts}
      confirmColor="error"
      onCancel={onClose}
      onConfirm={() => {
        if (item !== null) onConfirm(item);
        onClose();
      }}
    />
  );
}
