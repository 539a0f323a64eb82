import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { ChatInputType } from '../../../contract/chat.ts';
import { ANSWER_MAX_LENGTH } from '../../../contract/constants.ts';
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

/** The free-text field grows with its text by CSS (field-sizing) where the browser can; else by script. */
const GROWS_BY_CSS =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

const questionKey = (input: InputProps['input']) =>
  `${input.unique_question_id}:${input.nachfrage_id ?? ''}:${input.turn}`;

/**
 * A typed answer: free text, follow-up, GPT follow-up, number, e-mail or date. Enter sends, Shift+Enter
 * starts a new line in free text. extra: buttons beside it (the Q&A block's "Weiter"). The field takes
 * at most ANSWER_MAX_LENGTH characters (what chat/answer accepts) and says so when a paste or typing
 * reaches that; an answer the server did not take comes back into the field (unsent), so nothing typed
 * is lost.
 *
 * While the answer is on its way (and, with early, while the bot types the next question) the field
 * stays focusable and focused but read-only: it never loses focus, so a phone keeps its keyboard open.
 * The component may stay mounted from one typed question to the next (InputProps.early); its text
 * starts empty for each question.
 */
export function TextComposer({
  input,
  disabled,
  texts,
  onSend,
  unsent,
  early = false,
  extra,
}: InputProps & { extra?: ReactNode }) {
  const [value, setValue] = useState('');
  // A paste that did not fit (the browser cut it to the field's maxLength).
  const [overflow, setOverflow] = useState(false);
  const [question, setQuestion] = useState(() => questionKey(input));
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const refocus = useRef(false);
  // What this field sent last: only that comes back (not a button's answer, e.g. the Q&A's "Weiter").
  const sent = useRef<string | null>(null);
  const noticeId = useId();
  if (question !== questionKey(input)) {
    // The next question: a field of its own.
    setQuestion(questionKey(input));
    setValue('');
    setOverflow(false);
    sent.current = null;
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new question, not on every render
  useEffect(() => {
    // Into the field when it shows and for each question it asks anew: focus on a button that went away
    // (the Q&A's "Weiter", disabled while it is sent) would otherwise fall back to the page.
    if (document.activeElement !== field.current) field.current?.focus();
  }, [question]);
  useEffect(() => {
    if (!unsent) return;
    // Handed back is only what this field sent, or text for a question answered in another tab.
    const text = unsent.carried ? unsent.answer : sent.current;
    if (typeof text !== 'string' || unsent.answer !== text) return;
    setValue(text);
    refocus.current = true;
  }, [unsent]);
  useEffect(() => {
    // The answer came back: to the field once it may be used (unless it still has focus).
    if (disabled || !refocus.current) return;
    refocus.current = false;
    if (document.activeElement !== field.current) field.current?.focus();
  }, [disabled]);
  const kind = FIELD[input.type] ?? { type: 'text', multiline: true };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text (value)
  useLayoutEffect(() => {
    // Fallback without field-sizing: the free-text field as high as its text (CSS caps it).
    const el = field.current;
    if (GROWS_BY_CSS || !kind.multiline || !el) return;
    el.style.height = 'auto';
    if (el.scrollHeight > 0) el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [value, kind.multiline]);
  const empty = value.trim() === '';
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (disabled || empty) return;
    sent.current = value;
    onSend(value, value.trim());
    setValue('');
    setOverflow(false);
    // Sent from the button by keyboard: back to the field (the button is disabled while it is empty).
    field.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };
  const onChange = (next: string) => {
    setValue(next);
    if (next.length < ANSWER_MAX_LENGTH) setOverflow(false);
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    const el = e.currentTarget;
    const end = el.selectionEnd ?? el.value.length;
    const selected = end - (el.selectionStart ?? end);
    if (el.value.length - selected + e.clipboardData.getData('text').length > ANSWER_MAX_LENGTH) {
      setOverflow(true);
    }
  };
  // At the limit (typed or cut): more would be dropped. A longer text only comes back from a refused
  // answer, which the chat's own notice explains.
  const tooLong = overflow || value.length === ANSWER_MAX_LENGTH;
  const common = {
    value,
    dir: 'auto',
    placeholder: early ? undefined : input.placeholder,
    'aria-label': texts.answerLabel,
    'aria-describedby': tooLong ? noticeId : undefined,
    'aria-busy': disabled || undefined,
    maxLength: ANSWER_MAX_LENGTH,
    // Not disabled: a disabled field drops focus (and a phone's keyboard) on every answer.
    readOnly: disabled,
    onPaste,
  };
  return (
    <>
      {tooLong ? (
        <p id={noticeId} className={styles.notice} role="alert">
          {texts.answerTooLong}
        </p>
      ) : null}
      <form className={styles.composer} onSubmit={submit} noValidate>
        {kind.multiline ? (
          <textarea
            {...common}
            ref={field}
            className={`${styles.field} ${styles.growing}`}
            rows={1}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
          />
        ) : (
          <input
            {...common}
            ref={field}
            className={styles.field}
            type={kind.type}
            inputMode={kind.inputMode}
            min={input.min_date ?? undefined}
            max={input.max_date ?? undefined}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
        {early ? null : extra}
        <button
          type="submit"
          className={styles.primary}
          disabled={disabled || empty}
          aria-label={texts.send}
          // A tap on the button keeps focus (and a phone's keyboard) in the field.
          onMouseDown={(e) => e.preventDefault()}
        >
          {texts.send}
        </button>
      </form>
    </>
  );
}
