import Dialog from '@mui/material/Dialog';
import type { ReactNode } from 'react';
import { LAYOUT } from '../../contract/constants.ts';

/** The frame of the app's popups: 400 wide, at most 80vw (SPEC §2, §9), named by its title's id. */
export function Popup(props: { open: boolean; onClose(): void; titleId: string; children: ReactNode }) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={props.titleId}
      slotProps={{ paper: { sx: { width: LAYOUT.popupWidth, maxWidth: '80vw', m: 2 } } }}
    >
      {props.children}
    </Dialog>
  );
}
