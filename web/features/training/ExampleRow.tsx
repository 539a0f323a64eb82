import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExampleField } from './ExampleField.tsx';
import { cleanExample, fieldError } from './training-rules.ts';

export interface BranchChoice {
  branch: string;
  label: string;
}

export interface ExampleChange {
  text?: string;
  branch?: string;
}

interface Props {
  id: number;
  text: string;
  branch: string;
  branches: readonly BranchChoice[];
  disabled: boolean;
  /**
   * Settles when the server answered; a refused text keeps the edit open with the reason below. The
   * callbacks take the example's id, so one stable callback serves every row (the rows are memoised).
   */
  onUpdate(id: number, change: ExampleChange): Promise<unknown>;
  onRemove(id: number): void;
}

/**
 * One example: its text (edited inline), a button whose menu moves it to another branch, and remove. On
 * a narrow screen the controls wrap below the text. Memoised: typing in the card's new-example field or
 * editing another example does not render this row again. The move menu mounts only while open (a
 * block may have hundreds of examples).
 */
export const ExampleRow = memo(function ExampleRow({
  id,
  text,
  branch,
  branches,
  disabled,
  onUpdate,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [moveAnchor, setMoveAnchor] = useState<HTMLElement | null>(null);
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
    onUpdate(id, { text: cleaned }).then(close, (failure: unknown) => setError(fieldError(failure)));
  };
  const move = (to: string) => {
    setMoveAnchor(null);
    // A refused move reports through the screen's error alert.
    if (to !== branch) onUpdate(id, { branch: to }).catch(() => {});
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
        <ExampleField
          autoFocus
          value={draft}
          error={error}
          ariaLabel={t('training.edit')}
          sx={{ flex: '1 1 12rem', minWidth: 0 }}
          onType={(text) => {
            setDraft(text);
            setError(null);
          }}
          onSubmit={save}
          onCancel={close}
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
      <IconButton
        size="small"
        aria-label={t('training.moveTo')}
        title={t('training.moveTo')}
        aria-haspopup="menu"
        aria-expanded={moveAnchor !== null ? 'true' : undefined}
        disabled={disabled}
        onClick={(e) => setMoveAnchor(e.currentTarget)}
      >
        <MoveIcon fontSize="small" />
      </IconButton>
      {moveAnchor !== null ? (
        <Menu
          open
          anchorEl={moveAnchor}
          onClose={() => setMoveAnchor(null)}
          slotProps={{ list: { 'aria-label': t('training.moveTo') } }}
        >
          {branches.map((b) => (
            <MenuItem
              key={b.branch}
              selected={b.branch === branch}
              disabled={b.branch === branch}
              onClick={() => move(b.branch)}
            >
              {b.label}
            </MenuItem>
          ))}
        </Menu>
      ) : null}
      <IconButton
        size="small"
        aria-label={t('training.remove')}
        disabled={disabled}
        onClick={() => onRemove(id)}
      >
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
});
