import { Icon, type IconName } from '../icons.tsx';
import styles from './live-bar.module.css';
import { MenuButton } from './MenuButton.tsx';

/** The information menu: the dialog's privacy page in a new tab. */
export function InfoMenu(props: { title: string; privacyLabel: string; privacyHref: string | null }) {
  if (!props.privacyHref) return null;
  return (
    <MenuButton label={props.title} icon="info">
      <PrivacyItem label={props.privacyLabel} href={props.privacyHref} />
    </MenuButton>
  );
}

/** The menu item of the dialog's privacy page (information menu, the header's actions menu). */
export function PrivacyItem(props: { label: string; href: string; icon?: IconName }) {
  return (
    <a
      className={styles.menuItem}
      role="menuitem"
      tabIndex={-1}
      href={props.href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {props.icon ? <Icon name={props.icon} /> : null}
      {props.label}
    </a>
  );
}
