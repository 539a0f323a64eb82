import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from 'react';
import type { ChatInputType } from '../../../../contract/chat.ts';
import styles from '../chat.module.css';
import type { InputProps } from './types.ts';

/** How each typed answer is entered: the server checks it and re-asks with a hint when it is wrong. */
const FIELD: Partial<
  Record<ChatInputType, { type: string; inputMode?: 'decimal' | 'email'; multiline: boolean }>
> = {
  number: { type: 'text', inputMode: 'decimal', multiline: false },
  email: { type: 'email', inputMode: 'email', multiline: false },
  date: { type: 'date', multiline: false },
};

/**
 * A typed answer: free text, follow-up, GPT follow-up, number, e-mail or date. Enter sends, Shift+Enter
 * starts a new line in free text. extra: buttons beside it (the Q&A block's "Weiter").
 */
export function TextComposer({ input, disabled, texts, onSend, extra }: InputProps & { extra?: ReactNode }) {
  const [value, setValue] = useState('');
  const field = FIELD[input.type] ?? { type: 'text', multiline: true };
  const empty = value.trim() === '';
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (disabled || empty) return;
    onSend(value, value.trim());
    setValue('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };
  const common = {
    className: styles.field,
    value,
    placeholder: input.placeholder,
    'aria-label': texts.answerLabel,
    disabled,
    autoFocus: true,
  };
  return (
    <form className={styles.composer} onSubmit={submit} noValidate>
      {field.multiline ? (
        <textarea {...common} rows={1} onChange={(e) => setValue(e.target.value)} onKeyDown={onKeyDown} />
      ) : (
        <input
          {...common}
          type={field.type}
          inputMode={field.inputMode}
          min={input.min_date ?? undefined}
          max={input.max_date ?? undefined}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      {extra}
      <button type="submit" className={styles.primary} disabled={disabled || empty} aria-label={texts.send}>
        {texts.send}
      </button>
    </form>
  );
}
