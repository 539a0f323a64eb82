import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A button that opens the file picker (a hidden input, named for tests and screen readers). */
export function UploadButton(props: {
  label: string;
  inputLabel: string;
  testId: string;
  pending: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  onFile(file: File): void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant={props.variant ?? 'contained'}
        size={props.size}
        startIcon={<CloudUploadIcon />}
        disabled={props.pending}
        onClick={() => input.current?.click()}
      >
        {props.pending ? t('configurator.media.uploading') : props.label}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={props.inputLabel}
        data-testid={props.testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared, so the same file can be picked again after a refusal.
          e.target.value = '';
          if (file) props.onFile(file);
        }}
      />
    </>
  );
}
