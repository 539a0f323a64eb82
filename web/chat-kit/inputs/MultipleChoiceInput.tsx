import { useRef, useState } from 'react';
import styles from '../chat.module.css';
import { useFocusOnMount } from './focus.ts';
import type { InputProps } from './types.ts';

/**
 * multiple_choice: options toggle on and off (a group named by the question); the confirm button
 * answers with the chosen ones.
 */
export function MultipleChoiceInput({ input, disabled, texts, onSend, label, focusOnMount }: InputProps) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const first = useRef<HTMLButtonElement>(null);
  useFocusOnMount(first, focusOnMount);
  const toggle = (option: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (!next.delete(option)) next.add(option);
      return next;
    });
  const answer = input.options.filter((o) => chosen.has(o));
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's own layout rules fight the wrapping row of options */}
      <div className={styles.options} role="group" aria-label={label || undefined}>
        {input.options.map((option, i) => (
          <button
            key={option}
            ref={i === 0 ? first : undefined}
            type="button"
            className={styles.option}
            dir="auto"
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
