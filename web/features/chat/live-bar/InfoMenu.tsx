import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../icons.tsx';
import styles from './live-bar.module.css';

/** The information menu: the dialog's privacy page in a new tab. Closes on Escape and outside clicks. */
export function InfoMenu(props: { title: string; privacyLabel: string; privacyHref: string | null }) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !anchor.current?.contains(e.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);
  if (!props.privacyHref) return null;
  return (
    <div className={styles.menuAnchor} ref={anchor}>
      <button
        type="button"
        className={styles.iconButton}
        title={props.title}
        aria-label={props.title}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="info" />
      </button>
      {open ? (
        <div className={styles.menu} id={menuId} role="menu">
          <a
            className={styles.menuItem}
            role="menuitem"
            href={props.privacyHref}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setOpen(false)}
          >
            {props.privacyLabel}
          </a>
        </div>
      ) : null}
    </div>
  );
}
