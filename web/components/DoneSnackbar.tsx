import Snackbar from '@mui/material/Snackbar';

export interface DoneSnackbarProps {
  /** What was just done; the note shows while it is set. */
  message: string | null;
  onClose(): void;
  autoHideDuration?: number;
}

/** The short note after an action went through ('Dialog gelöscht', 'Rolle geändert'), bottom left (MUI's place). */
export function DoneSnackbar({ message, onClose, autoHideDuration = 4000 }: DoneSnackbarProps) {
  return (
    <Snackbar
      open={message !== null}
      autoHideDuration={autoHideDuration}
      onClose={onClose}
      message={message ?? ''}
    />
  );
}
