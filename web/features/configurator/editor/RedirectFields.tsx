import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { DraftTextField } from './DraftTextField.tsx';

/** The placeholders the redirect's hint shows literally (i18next would read them as its own). */
const REDIRECT_HINT = { placeholder: '{{name}}', example: 'https://panel.example/complete?id={{pid}}' };

/**
 * An end's redirect (issue 22), in the end block's editor and in the settings (the dialog's ending):
 * the address with {{name}} placeholders and the seconds before it. empty: what an empty address means
 * there (no redirect, or the dialog's).
 */
export function RedirectFields({
  url,
  delay,
  empty,
  validate,
  onUrl,
  onDelay,
}: {
  url: string;
  delay: number;
  empty: string;
  validate: { url: (v: string) => string | null; delay: (v: number) => string | null };
  onUrl: (v: string) => void;
  onDelay: (v: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <DraftTextField
        label={t('panel.redirectUrl')}
        placeholder="https://"
        value={url}
        helperText={`${t('panel.redirectHint', REDIRECT_HINT)} ${empty}`}
        validate={validate.url}
        onCommit={onUrl}
      />
      <DraftTextField
        label={t('panel.redirectDelay')}
        value={String(delay)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        // Blank is 0 (at once); anything else must be whole seconds in range.
        validate={(v) => validate.delay(Number(v))}
        onCommit={(v) => onDelay(Number(v))}
        sx={{ maxWidth: 320 }}
      />
    </Stack>
  );
}
