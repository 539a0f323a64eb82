import styles from '../chat.module.css';
import type { InputProps } from './types.ts';

/** likert: the scale as one row of buttons; 'keine Angabe' (likert_na) set apart after it. */
export function LikertInput({ input, disabled, onSend }: InputProps) {
  const scale = input.likert_na === 1 ? input.options.slice(0, -1) : input.options;
  // The server puts 'keine Angabe' last when likert_na is 1 (contract/chat.ts).
  const na = input.likert_na === 1 ? input.options.at(-1) : undefined;
  return (
    <div className={styles.options}>
      <div className={styles.scale}>
        {scale.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.option}
            disabled={disabled}
            onClick={() => onSend(option, option)}
          >
            {option}
          </button>
        ))}
      </div>
      {na ? (
        <button
          type="button"
          className={styles.optionMuted}
          disabled={disabled}
          onClick={() => onSend(na, na)}
        >
          {na}
        </button>
      ) : null}
    </div>
  );
}
