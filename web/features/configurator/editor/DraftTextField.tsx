import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useUnsavedDraft } from '../store.ts';

export type DraftTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'error'> & {
  value: string;
  /** The German message at the field, or null when the text may be saved. */
  validate?(text: string): string | null;
  onCommit(text: string): void;
};

/**
 * A text field that is saved when it is left (one update per edit, not per key), and only when valid;
 * an invalid text stays in the field with its message. A value changed from outside (undo, revert)
 * replaces the text unless the author is typing in it. A text that differs from the saved value is
 * reported to the store as an unsaved draft (the toolbar says so and leaving the page asks first).
 */
export function DraftTextField({
  value,
  validate,
  onCommit,
  helperText,
  onKeyDown,
  ...rest
}: DraftTextFieldProps) {
  const [draft, setDraft] = useState(value);
  /** The text last handed to onCommit: saved (or being saved) even before value shows it. */
  const [committed, setCommitted] = useState<string | null>(null);
  const focused = useRef(false);
  useEffect(() => {
    setCommitted(null);
    if (!focused.current) setDraft(value);
  }, [value]);
  const error = validate ? validate(draft) : null;
  useUnsavedDraft(draft !== value && draft !== committed, error !== null);
  const commit = () => {
    if (draft !== value && error === null) {
      setCommitted(draft);
      onCommit(draft);
    }
  };
  return (
    <TextField
      size="small"
      fullWidth
      {...rest}
      value={draft}
      error={error !== null}
      helperText={error ?? helperText}
      onFocus={() => {
        focused.current = true;
      }}
      onChange={(e) => {
        setDraft(e.target.value);
        setCommitted(null);
      }}
      onBlur={() => {
        focused.current = false;
        commit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !rest.multiline) commit();
        onKeyDown?.(e);
      }}
    />
  );
}
