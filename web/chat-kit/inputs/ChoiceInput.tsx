import { useRef } from 'react';
import styles from '../chat.module.css';
import { useFocusOnMount } from './focus.ts';
import type { InputProps } from './types.ts';

/** single_choice: one button per option, a group named by the question; a click answers. */
export function ChoiceInput({ input, disabled, onSend, label, focusOnMount }: InputProps) {
  const first = useRef<HTMLButtonElement>(null);
  useFocusOnMount(first, focusOnMount);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's own layout rules fight the wrapping row of options
    <div className={styles.options} role="group" aria-label={label || undefined}>
      {input.options.map((option, i) => (
        <button
          key={option}
          ref={i === 0 ? first : undefined}
          type="button"
          className={styles.option}
          dir="auto"
          disabled={disabled}
          onClick={() => onSend(option, option)}
        >
          {option}
        </button>
      ))}
    </div>
  );
}
