import { OptionButtons } from './OptionButtons.tsx';
import type { InputProps } from './types.ts';

/** single_choice: one button per option, a group named by the question; a click answers. */
export function ChoiceInput({ input, disabled, onSend, label, focusOnMount }: InputProps) {
  return (
    <OptionButtons
      options={input.options}
      disabled={disabled}
      label={label}
      focusOnMount={focusOnMount}
      onPick={(option) => onSend(option, option)}
    />
  );
}
