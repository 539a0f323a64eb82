import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DoneSnackbar } from './DoneSnackbar.tsx';

/**
 * Copies a text to the clipboard and says so. When the browser refuses (no permission, no secure
 * context), onRefused may select the text so it can be copied by hand, and the note says to.
 */
export function CopyButton({
  value,
  label,
  onRefused,
  sx,
}: {
  value: string;
  label: string;
  onRefused?: () => void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setNote(t('share.copied'));
    } catch (failure) {
      console.warn('clipboard refused', failure);
      onRefused?.();
      setNote(t('share.copyFailed'));
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        sx={[{ flexShrink: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {label}
      </Button>
      <DoneSnackbar message={note} onClose={() => setNote(null)} autoHideDuration={3000} />
    </>
  );
}
