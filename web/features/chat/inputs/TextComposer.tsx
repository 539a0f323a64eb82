import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { ChatInputType } from '../../../../contract/chat.ts';
import { ANSWER_MAX_LENGTH } from '../../../../contract/constants.ts';
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
 * starts a new line in free text. extra: buttons beside it (the Q&A block's "Weiter"). The field takes
 * at most ANSWER_MAX_LENGTH characters (what chat/answer accepts); an answer the server did not take
 * comes back into the field (unsent), so nothing typed is lost.
 */
export function TextComposer({
  input,
  disabled,
  texts,
  onSend,
  unsent,
  extra,
}: InputProps & { extra?: ReactNode }) {
  const [value, setValue] = useState('');
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const refocus = useRef(false);
  // What this field sent last: only that comes back (not a button's answer, e.g. the Q&A's "Weiter").
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!unsent || unsent.answer !== sent.current) return;
    setValue(sent.current);
    refocus.current = true;
  }, [unsent]);
  useEffect(() => {
    // The field was disabled while the answer was on its way: back to it once it may be used.
    if (disabled || !refocus.current) return;
    refocus.current = false;
    field.current?.focus();
  }, [disabled]);
  const kind = FIELD[input.type] ?? { type: 'text', multiline: true };
  const empty = value.trim() === '';
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (disabled || empty) return;
    sent.current = value;
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
    maxLength: ANSWER_MAX_LENGTH,
    disabled,
    autoFocus: true,
  };
  return (
    <form className={styles.composer} onSubmit={submit} noValidate>
      {kind.multiline ? (
        <textarea
          {...common}
          ref={field}
          rows={1}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKeyDown}
        />
      ) : (
        <input
          {...common}
          ref={field}
          type={kind.type}
          inputMode={kind.inputMode}
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
