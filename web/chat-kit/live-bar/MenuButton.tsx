import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Icon, type IconName } from '../icons.tsx';
import styles from './live-bar.module.css';

/** Where the focus goes when the menu opens: its first item or its last one. */
type OpenFocus = 'first' | 'last';

const menuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * An icon button with a menu (WAI-ARIA APG menu button); children are its items (role="menuitem",
 * tabIndex -1). Opening moves the focus to the first item (ArrowUp on the button: the last), the arrows,
 * Home and End move between the items, Escape closes and gives the focus back to the button, Tab closes
 * and moves on. Choosing an item or clicking outside closes it too.
 */
export function MenuButton(props: { label: string; icon: IconName; children: ReactNode }) {
  const [open, setOpen] = useState<OpenFocus | false>(false);
  const anchor = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const isOpen = open !== false;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (open === false) return;
    const all = menuItems(menu.current);
    (open === 'last' ? all[all.length - 1] : all[0])?.focus();
    const outside = (e: Event) => {
      if (!anchor.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = menuItems(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    switch (e.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(all.length - 1);
      case 'Escape':
        // Handled here: the widget does not also close its panel (LiveChatScreen).
        e.preventDefault();
        e.stopPropagation();
        return close(true);
      case 'Tab':
        // The focus moves on from the button, as if the menu had not been there.
        trigger.current?.focus();
        return setOpen(false);
    }
  };

  // After the item's own click: the focus goes back to the button (a confirm popup it opens returns
  // the focus there when it closes).
  const onMenuClick = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as Element).closest('[role="menuitem"]')) close(true);
  };

  const onTriggerKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const all = menuItems(menu.current);
      if (isOpen) (e.key === 'ArrowDown' ? all[0] : all[all.length - 1])?.focus();
      else setOpen(e.key === 'ArrowDown' ? 'first' : 'last');
    } else if (e.key === 'Escape' && isOpen) {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    }
  };

  return (
    <div className={styles.menuAnchor} ref={anchor}>
      <button
        ref={trigger}
        type="button"
        className={styles.iconButton}
        title={props.label}
        aria-label={props.label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setOpen((o) => (o === false ? 'first' : false))}
        onKeyDown={onTriggerKeyDown}
      >
        <Icon name={props.icon} />
      </button>
      {isOpen ? (
        <div
          ref={menu}
          className={styles.menu}
          id={menuId}
          role="menu"
          aria-label={props.label}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          onClick={onMenuClick}
        >
          {props.children}
        </div>
      ) : null}
    </div>
  );
}
