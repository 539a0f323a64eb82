import { type ReactNode, useRef } from 'react';
import styles from './chat.module.css';
import { CompactHeader, useCompactWidth } from './compact-header.ts';
import { SvgIcon } from './icons.tsx';
import type { RespondentTexts } from './respondent-texts.ts';

/** The sound switch's icons (Material Icons volume_up and volume_off, Apache-2.0). */
const SOUND_ON =
  'M3 9v6h4l5 5V4L7 9H3zm13.5 3c0-1.77-1.02-3.29-2.5-4.03v8.05c1.48-.73 2.5-2.25 2.5-4.02zM14 3.23v2.06c2.89.86 5 3.54 5 6.71s-2.11 5.85-5 6.71v2.06c4.01-.91 7-4.49 7-8.77s-2.99-7.86-7-8.77z';
const SOUND_OFF =
  'M16.5 12c0-1.77-1.02-3.29-2.5-4.03v2.21l2.45 2.45c.03-.2.05-.41.05-.63zm2.5 0c0 .94-.2 1.82-.54 2.64l1.51 1.51C20.63 14.91 21 13.5 21 12c0-4.28-2.99-7.86-7-8.77v2.06c2.89.86 5 3.54 5 6.71zM4.27 3 3 4.27 7.73 9H3v6h4l5 5v-6.73l4.25 4.25c-.67.52-1.42.93-2.25 1.18v2.06c1.38-.31 2.63-.95 3.69-1.81L19.73 21 21 19.73l-9-9L4.27 3zM12 4 9.91 6.09 12 8.18V4z';

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
        <SvgIcon path={sound ? SOUND_ON : SOUND_OFF} />
      </button>
      <CompactHeader.Provider value={compact}>{props.actions}</CompactHeader.Provider>
    </div>
  );
}
