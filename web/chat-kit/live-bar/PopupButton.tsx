import { useState } from 'react';
import type { LivePopup } from '../../components/live-top-bar-rules.ts';
import { Icon, type IconName } from '../icons.tsx';
import { ConfirmPopup } from './ConfirmPopup.tsx';
import styles from './live-bar.module.css';

/** A top-bar action with its confirm popup; not shown until the popup texts are loaded. */
export function PopupButton(props: {
  title: string;
  icon: IconName;
  popup: LivePopup | null;
  danger?: boolean;
  onConfirm(): void;
}) {
  const [open, setOpen] = useState(false);
  const { popup } = props;
  if (!popup) return null;
  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        title={props.title}
        aria-label={props.title}
        onClick={() => setOpen(true)}
      >
        <Icon name={props.icon} />
      </button>
      <ConfirmPopup
        open={open}
        popup={popup}
        danger={props.danger}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          props.onConfirm();
        }}
      />
    </>
  );
}
