import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DraftTextField } from '../editor/DraftTextField.tsx';
import { useMediaList } from '../media/media-api.ts';
import { filesFor, type MediaUse } from '../media/media-kinds.ts';
import { settingsFieldError } from '../model/field-rules.ts';

/** An image setting (avatar, logo, background): an uploaded file, or an address. */
export function AssetField({
  label,
  value,
  use,
  rule = 'logo_src',
  placeholder,
  onCommit,
}: {
  label: string;
  value: string;
  use: MediaUse;
  /** The setting whose rule the typed address must pass (a link preview's image takes no asset names). */
  rule?: 'logo_src' | 'preview_image';
  /** What an empty field stands for. */
  placeholder?: string;
  onCommit(value: string): void;
}) {
  const { t } = useTranslation();
  const files = filesFor(useMediaList().data ?? [], use);
  const picked = files.find((f) => f.location === value);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextField
        select
        size="small"
        label={label}
        value={picked ? picked.location : ''}
        onChange={(e) => onCommit(e.target.value)}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">
          <em>{t('configurator.settings.assetNone')}</em>
        </MenuItem>
        {files.map((f) => (
          <MenuItem key={f.filename_db} value={f.location}>
            {f.original_name || f.filename_db}
          </MenuItem>
        ))}
      </TextField>
      <DraftTextField
        label={t('configurator.settings.assetUrl')}
        value={value}
        validate={(text) => settingsFieldError(rule, text)}
        placeholder={placeholder}
        onCommit={onCommit}
      />
    </Stack>
  );
}
