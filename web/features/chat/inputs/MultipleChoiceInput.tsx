import { useState } from 'react';
import styles from '../chat.module.css';
import type { InputProps } from './types.ts';

/** multiple_choice: options toggle on and off; the confirm button answers with the chosen ones. */
export function MultipleChoiceInput({ input, disabled, texts, onSend }: InputProps) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (option: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (!next.delete(option)) next.add(option);
      return next;
    });
  const answer = input.options.filter((o) => chosen.has(o));
  return (
    <>
      <div className={styles.options}>
        {input.options.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.option}
            aria-pressed={chosen.has(option)}
            disabled={disabled}
            onClick={() => toggle(option)}
          >
            {option}
          </button>
        ))}
      </div>
      <button
        type="button"
        className={styles.primary}
        disabled={disabled || answer.length === 0}
        onClick={() => onSend(answer, answer.join(', '))}
      >
        {texts.confirmChoice}
      </button>
    </>
  );
}
