import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXAMPLE_MAX } from '../../../contract/training.ts';
import { cleanExample, fieldError } from './training-rules.ts';

export interface BranchChoice {
  branch: string;
  label: string;
}

interface Props {
  text: string;
  branch: string;
  branches: readonly BranchChoice[];
  disabled: boolean;
  /** Settles when the server answered; a refused text keeps the edit open with the reason below. */
  onSave(text: string): Promise<unknown>;
  onMove(branch: string): void;
  onRemove(): void;
}

/**
 * One example: its text (edited inline), a select to move it to another branch, and remove. On a narrow
 * screen the controls wrap below the text.
 */
export function ExampleRow({ text, branch, branches, disabled, onSave, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setDraft(null);
    setError(null);
  };
  const save = () => {
    const cleaned = cleanExample(draft ?? '');
    if (!cleaned || cleaned === text) {
      close();
      return;
    }
    setError(null);
    onSave(cleaned).then(close, (failure: unknown) => setError(fieldError(failure)));
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      component="li"
      sx={{ py: 0.5, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}
    >
      {draft === null ? (
        <Typography sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>{text}</Typography>
      ) : (
        <TextField
          size="small"
          autoFocus
          value={draft}
          error={error !== null}
          helperText={error}
          sx={{ flex: '1 1 12rem', minWidth: 0 }}
          slotProps={{ htmlInput: { 'aria-label': t('training.edit'), maxLength: EXAMPLE_MAX } }}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            } else if (e.key === 'Escape') close();
          }}
        />
      )}
      {draft === null ? (
        <IconButton
          size="small"
          aria-label={t('training.edit')}
          disabled={disabled}
          onClick={() => setDraft(text)}
        >
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      ) : (
        <>
          <IconButton size="small" aria-label={t('training.save')} onClick={save}>
            <CheckIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={t('training.cancel')} onClick={close}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      )}
      <TextField
        select
        size="small"
        label={t('training.moveTo')}
        value={branch}
        disabled={disabled}
        onChange={(e) => e.target.value !== branch && onMove(e.target.value)}
        sx={{ minWidth: 140, maxWidth: '100%' }}
      >
        {branches.map((b) => (
          <MenuItem key={b.branch} value={b.branch}>
            {b.label}
          </MenuItem>
        ))}
      </TextField>
      <IconButton size="small" aria-label={t('training.remove')} disabled={disabled} onClick={onRemove}>
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
