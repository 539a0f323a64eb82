import IconButton from '@mui/material/IconButton';
import { type ReactNode, useState } from 'react';
import type { PopupTexts } from '../state/dialog.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * A respondent top-bar button with a confirm popup whose texts come from the dialog's language
 * fragments (restart_pop_up, delete_pop_up). Disabled until those texts are loaded.
 */
export function LivePopupButton(props: {
  title: string;
  texts: PopupTexts | undefined;
  confirmKey: 'btn_restart' | 'btn_delete';
  icon: ReactNode;
  onConfirm(): void;
}) {
  const [open, setOpen] = useState(false);
  const { texts } = props;
  return (
    <>
      <IconButton
        title={props.title}
        aria-label={props.title}
        disabled={!texts}
        onClick={() => setOpen(true)}
      >
        {props.icon}
      </IconButton>
      {texts ? (
        <ConfirmDialog
          open={open}
          title={texts.header ?? ''}
          text={texts.text ?? ''}
          cancelLabel={texts.btn_back ?? ''}
          confirmLabel={texts[props.confirmKey] ?? ''}
          confirmColor={props.confirmKey === 'btn_delete' ? 'error' : 'primary'}
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
