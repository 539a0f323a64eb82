import { useState } from 'react';
import styles from '../chat.module.css';
import { OptionButtons } from './OptionButtons.tsx';
import type { InputProps } from './types.ts';

/**
 * multiple_choice: options toggle on and off (a group named by the question); the confirm button
 * answers with the chosen ones.
 */
export function MultipleChoiceInput(props: InputProps) {
  const { input, disabled, texts, onSend } = props;
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
      <OptionButtons {...props} onPick={toggle} pressed={(option) => chosen.has(option)} />
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
