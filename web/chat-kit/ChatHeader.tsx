import { type ReactNode, useRef } from 'react';
import styles from './chat.module.css';
import { CompactHeader, useCompactWidth } from './compact-header.ts';
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
 * switch and, in the widget, the respondent actions. A narrow header tells the actions to fold into one
 * menu (CompactHeader), so the name stays readable; a long name takes two lines.
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
  const header = useRef<HTMLDivElement>(null);
  const compact = useCompactWidth(header);
  return (
    <div ref={header} className={styles.header} data-compact={compact || undefined} data-testid="chat-header">
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
      <CompactHeader.Provider value={compact}>{props.actions}</CompactHeader.Provider>
    </div>
  );
}
