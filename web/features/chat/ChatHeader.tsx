import type { ReactNode } from 'react';
import styles from './chat.module.css';
import { Icon } from './icons.tsx';
import type { RespondentTexts } from './respondent-texts.ts';

/** An avatar picture, or the name's initial on the accent colour. */
export function Avatar({ name, src, small = false }: { name: string; src: string | null; small?: boolean }) {
  if (src) return <img className={small ? styles.speakerAvatar : styles.avatar} src={src} alt="" />;
  return (
    <span className={small ? styles.speakerInitial : styles.avatarInitial} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/**
 * Avatar and name (a dialog's avatar, or a group chat's title with its members underneath), the sound
 * switch and, in the widget, the respondent actions.
 */
export function ChatHeader(props: {
  name: string;
  avatarSrc: string | null;
  /** A second line under the name (a group chat's members). */
  subtitle?: string;
  texts: RespondentTexts;
  sound: boolean;
  onSound(on: boolean): void;
  actions?: ReactNode;
}) {
  const { texts, sound } = props;
  return (
    <div className={styles.header}>
      <Avatar name={props.name} src={props.avatarSrc} />
      <span className={styles.headerText}>
        <span className={styles.avatarName}>{props.name}</span>
        {props.subtitle ? <span className={styles.headerSubtitle}>{props.subtitle}</span> : null}
      </span>
      <button
        type="button"
        className={styles.iconButton}
        aria-pressed={sound}
        aria-label={texts.sounds}
        title={sound ? texts.soundOff : texts.soundOn}
        onClick={() => props.onSound(!sound)}
      >
        <Icon name={sound ? 'soundOn' : 'soundOff'} />
      </button>
      {props.actions}
    </div>
  );
}
