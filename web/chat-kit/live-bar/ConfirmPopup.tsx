import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { LivePopup } from '../../components/live-top-bar-rules.ts';
import styles from './live-bar.module.css';

/** A modal popup on the native <dialog> element (focus trap, Escape and backdrop for free). */
export function Popup(props: {
  open: boolean;
  title: string;
  text: string;
  onClose(): void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} className={styles.popup} aria-labelledby={titleId} onClose={props.onClose}>
      <h2 id={titleId}>{props.title}</h2>
      <p>{props.text}</p>
      <div className={styles.popupActions}>{props.children}</div>
    </dialog>
  );
}

/** The respondent's confirm popup (restart_pop_up, delete_pop_up texts). */
export function ConfirmPopup(props: {
  open: boolean;
  popup: LivePopup;
  danger?: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { popup } = props;
  return (
    <Popup open={props.open} title={popup.title} text={popup.text} onClose={props.onCancel}>
      <button type="button" className={styles.button} onClick={props.onCancel}>
        {popup.cancelLabel}
      </button>
      <button
        type="button"
        className={props.danger ? styles.danger : styles.confirm}
        onClick={props.onConfirm}
      >
        {popup.confirmLabel}
      </button>
    </Popup>
  );
}
