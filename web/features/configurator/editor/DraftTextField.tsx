import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

export type DraftTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'error'> & {
  value: string;
  /** The German message at the field, or null when the text may be saved. */
  validate?(text: string): string | null;
  onCommit(text: string): void;
};

/**
 * A text field that is saved when it is left (one update per edit, not per key), and only when valid;
 * an invalid text stays in the field with its message. A value changed from outside (undo, revert)
 * replaces the text unless the author is typing in it.
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
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setDraft(value);
  }, [value]);
  const error = validate ? validate(draft) : null;
  const commit = () => {
    if (draft !== value && error === null) onCommit(draft);
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
      onChange={(e) => setDraft(e.target.value)}
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
