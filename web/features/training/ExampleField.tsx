import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { EXAMPLE_MAX } from '../../../contract/training.ts';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'onKeyDown' | 'error' | 'slotProps'> & {
  value: string;
  /** The refusal shown under the field (the owner clears it in onType). */
  error: string | null;
  onType(text: string): void;
  /** Enter. */
  onSubmit(): void;
  /** Escape. */
  onCancel?(): void;
  ariaLabel?: string;
};

/**
 * The text field of an example, new ('Neues Beispiel') or edited: at most EXAMPLE_MAX characters, Enter
 * submits (never a line break), Escape cancels, and a refusal shows in place of the hint.
 */
export function ExampleField({
  value,
  error,
  onType,
  onSubmit,
  onCancel,
  ariaLabel,
  helperText,
  ...field
}: Props) {
  return (
    <TextField
      {...field}
      size="small"
      value={value}
      error={error !== null}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { maxLength: EXAMPLE_MAX, ...(ariaLabel ? { 'aria-label': ariaLabel } : {}) } }}
      onChange={(e) => onType(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onSubmit();
        } else if (e.key === 'Escape') onCancel?.();
      }}
    />
  );
}
