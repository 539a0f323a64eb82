import { useRef } from 'react';
import type { ChatInput } from '../../contract/chat.ts';
import styles from './chat.module.css';

/**
 * The dialog's progress indicator (ChatInput.progress, null: the dialog shows none): the server keeps
 * it from moving backwards; once the dialog ends it stays, full.
 */
export function ProgressBar({
  input,
  finished,
  label,
}: {
  input: ChatInput | null;
  finished: boolean;
  label: string;
}) {
  const last = useRef<number | null>(null);
  if (input) last.current = input.progress;
  const value = finished && last.current !== null ? 100 : last.current;
  if (value === null) return null;
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className={styles.progressFill} style={{ width: `${value}%` }} />
    </div>
  );
}
