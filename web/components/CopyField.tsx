import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { CopyButton } from './CopyButton.tsx';

/** A read-only text with a copy button; when the clipboard refuses, the text is selected for copying by hand. */
export function CopyField({
  label,
  value,
  copyLabel,
  multiline = false,
}: {
  label: string;
  value: string;
  copyLabel: string;
  multiline?: boolean;
}) {
  const [input, setInput] = useState<HTMLInputElement | HTMLTextAreaElement | null>(null);

  return (
    <Stack sx={{ alignItems: { sm: 'flex-start' } }} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextField
        label={label}
        value={value}
        size="small"
        fullWidth
        multiline={multiline}
        inputRef={setInput}
        slotProps={{
          htmlInput: {
            readOnly: true,
            spellCheck: false,
            style: { fontFamily: multiline ? 'monospace' : undefined },
          },
        }}
        onFocus={(e) => e.target.select()}
      />
      <CopyButton value={value} label={copyLabel} onRefused={() => input?.select()} />
    </Stack>
  );
}
