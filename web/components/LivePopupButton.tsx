import IconButton from '@mui/material/IconButton';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import type { LivePopup } from './live-top-bar-rules.ts';

/**
 * A respondent top-bar button with a confirm popup whose texts come from the dialog's language
 * fragments (restart_pop_up, delete_pop_up). Disabled until those texts are loaded.
 */
export function LivePopupButton(props: {
  title: string;
  popup: LivePopup | null;
  danger?: boolean;
  icon: ReactNode;
  onConfirm(): void;
}) {
  const [open, setOpen] = useState(false);
  const { popup } = props;
  return (
    <>
      <IconButton
        title={props.title}
        aria-label={props.title}
        disabled={!popup}
        onClick={() => setOpen(true)}
      >
        {props.icon}
      </IconButton>
      {popup ? (
        <ConfirmDialog
          open={open}
          title={popup.title}
          text={popup.text}
          cancelLabel={popup.cancelLabel}
          confirmLabel={popup.confirmLabel}
          confirmColor={props.danger ? 'error' : 'primary'}
          onCancel={() => setOpen(false)}
          onConfirm={() => {
            setOpen(false);
            props.onConfirm();
          }}
        />
      ) : null}
    </>
  );
}
