import { OptionButtons } from './OptionButtons.tsx';
import type { InputProps } from './types.ts';

/** single_choice: one button per option, a group named by the question; a click answers. */
export function ChoiceInput(props: InputProps) {
  return <OptionButtons {...props} onPick={(option) => props.onSend(option, option)} />;
}
