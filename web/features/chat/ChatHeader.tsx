import type { ReactNode } from 'react';
import styles from './chat.module.css';
import type { ChatLook } from './chat-look.ts';
import { Icon } from './icons.tsx';
import type { RespondentTexts } from './respondent-texts.ts';

/** Avatar, avatar name, the sound switch and, in the widget, the respondent actions. */
export function ChatHeader(props: {
  look: ChatLook;
  texts: RespondentTexts;
  sound: boolean;
  onSound(on: boolean): void;
  actions?: ReactNode;
}) {
  const { look, texts, sound } = props;
  const initial = look.avatarName.trim().charAt(0).toUpperCase();
  return (
    <div className={styles.header}>
      {look.avatarSrc ? (
        <img className={styles.avatar} src={look.avatarSrc} alt="" />
      ) : (
        <span className={styles.avatarInitial} aria-hidden="true">
          {initial}
        </span>
      )}
      <span className={styles.avatarName}>{look.avatarName}</span>
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
