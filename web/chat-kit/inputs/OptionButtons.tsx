import { useRef } from 'react';
import styles from '../chat.module.css';
import { useFocusOnMount } from './focus.ts';
import type { InputProps } from './types.ts';

interface OptionButtonsProps extends Pick<InputProps, 'input' | 'disabled' | 'label' | 'focusOnMount'> {
  onPick(option: string): void;
  /** Whether an option is chosen (multiple choice toggles); absent: the buttons are not toggles. */
  pressed?(option: string): boolean;
}

/** One button per option in a group named by the question; the first takes focus when asked to. */
export function OptionButtons({ input, disabled, label, focusOnMount, onPick, pressed }: OptionButtonsProps) {
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
          aria-pressed={pressed?.(option)}
          disabled={disabled}
          onClick={() => onPick(option)}
        >
          {option}
        </button>
      ))}
    </div>
  );
}
