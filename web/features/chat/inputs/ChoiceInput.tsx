import styles from '../chat.module.css';
import type { InputProps } from './types.ts';

/** single_choice: one button per option; a click answers. */
export function ChoiceInput({ input, disabled, onSend }: InputProps) {
  return (
    <div className={styles.options}>
      {input.options.map((option) => (
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
  );
}
