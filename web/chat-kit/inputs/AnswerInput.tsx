import styles from '../chat.module.css';
import { ChoiceInput } from './ChoiceInput.tsx';
import { LikertInput } from './LikertInput.tsx';
import { MultipleChoiceInput } from './MultipleChoiceInput.tsx';
import { TextComposer } from './TextComposer.tsx';
import type { InputProps } from './types.ts';

/** An optional question's skip button ('Überspringen' or the block's own label), else nothing. */
function SkipButton({ input, disabled, onSend }: InputProps) {
  const label = input.skip;
  if (label === null) return null;
  return (
    <button
      type="button"
      className={styles.skip}
      dir="auto"
      disabled={disabled}
      onClick={() => onSend('', label, true)}
    >
      {label}
    </button>
  );
}

/** The input for what the server asks next (contract/chat.ts ChatInput). */
export function AnswerInput(props: InputProps) {
  const { input } = props;
  const skip = props.early ? null : <SkipButton {...props} />;
  switch (input.type) {
    case 'single_choice':
      return (
        <>
          <ChoiceInput {...props} />
          {skip}
        </>
      );
    case 'multiple_choice':
      return (
        <>
          <MultipleChoiceInput {...props} />
          {skip}
        </>
      );
    case 'likert':
      return (
        <>
          <LikertInput {...props} />
          {skip}
        </>
      );
    case 'qa': {
      // A question to the bot, or options[0] ("Weiter") to move on.
      const next = input.options[0];
      return (
        <TextComposer
          {...props}
          extra={
            next ? (
              <button
                type="button"
                className={styles.option}
                dir="auto"
                disabled={props.disabled}
                onClick={() => props.onSend(next, next)}
              >
                {next}
              </button>
            ) : null
          }
        />
      );
    }
    default:
      return <TextComposer {...props} extra={skip} />;
  }
}
