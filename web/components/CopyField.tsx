import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DoneSnackbar } from './DoneSnackbar.tsx';

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
  const { t } = useTranslation();
  const [note, setNote] = useState<string | null>(null);
  const [input, setInput] = useState<HTMLInputElement | HTMLTextAreaElement | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setNote(t('share.copied'));
    } catch (failure) {
      console.warn('clipboard refused', failure);
      input?.select();
      setNote(t('share.copyFailed'));
    }
  };

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
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        sx={{ flexShrink: 0 }}
      >
        {copyLabel}
      </Button>
      <DoneSnackbar message={note} onClose={() => setNote(null)} autoHideDuration={3000} />
    </Stack>
  );
}
