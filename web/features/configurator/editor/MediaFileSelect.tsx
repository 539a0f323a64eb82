import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useMediaList } from '../media/media-api.ts';
import { mediaKindOf } from '../media/media-kinds.ts';
import { MediaView } from '../text-content/MediaSourceField.tsx';

/** filename_db: an uploaded file of the dialog shown with the block, or none. */
export function MediaFileSelect({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string | null;
  onChange(value: string | null): void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const files = useMediaList().data ?? [];
  const selected = files.find((f) => f.filename_db === value);
  return (
    <Stack spacing={1}>
      <TextField
        select
        size="small"
        label={label}
        value={selected ? value : ''}
        error={!!error}
        helperText={error}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        sx={{ maxWidth: 360 }}
      >
        <MenuItem value="">
          <em>{t('configurator.editor.noMedia')}</em>
        </MenuItem>
        {files.map((f) => (
          <MenuItem key={f.filename_db} value={f.filename_db}>
            {`${f.original_name || f.filename_db} (${t(`configurator.media.types.${f.type}`)})`}
          </MenuItem>
        ))}
      </TextField>
      {selected ? (
        <MediaView kind={mediaKindOf(selected.type)} source={{ filename: selected.filename_db }} />
      ) : null}
    </Stack>
  );
}
