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
import { cleanExample } from './training-rules.ts';

export interface BranchChoice {
  branch: string;
  label: string;
}

interface Props {
  text: string;
  branch: string;
  branches: readonly BranchChoice[];
  disabled: boolean;
  onSave(text: string): void;
  onMove(branch: string): void;
  onRemove(): void;
}

/** One example: its text (edited inline), a select to move it to another branch, and remove. */
export function ExampleRow({ text, branch, branches, disabled, onSave, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const save = () => {
    const cleaned = cleanExample(draft ?? '');
    if (cleaned && cleaned !== text) onSave(cleaned);
    setDraft(null);
  };
  return (
    <Stack direction="row" spacing={1} component="li" sx={{ py: 0.5, alignItems: 'center' }}>
      {draft === null ? (
        <Typography sx={{ flex: 1, wordBreak: 'break-word' }}>{text}</Typography>
      ) : (
        <TextField
          size="small"
          autoFocus
          fullWidth
          value={draft}
          slotProps={{ htmlInput: { 'aria-label': t('training.edit') } }}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            } else if (e.key === 'Escape') setDraft(null);
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
          <IconButton size="small" aria-label={t('training.cancel')} onClick={() => setDraft(null)}>
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
        sx={{ minWidth: 140 }}
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
