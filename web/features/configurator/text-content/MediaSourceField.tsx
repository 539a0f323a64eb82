import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MediaKind, type MediaSource, mediaSourceUrl } from '../../../../contract/text-content.ts';
import { useMediaList, useUploadMedia } from '../media/media-api.ts';
import { filesFor } from '../media/media-kinds.ts';
import { UploadButton } from '../media/UploadButton.tsx';

/** What an image, audio or video item shows; sources without a value show nothing. */
export function MediaView({ kind, source }: { kind: MediaKind; source: MediaSource }) {
  const url = mediaSourceUrl(source);
  if (url === '' || url === '/media/') return null;
  if (kind === 'image')
    return <img src={url} alt="" style={{ maxWidth: 200, maxHeight: 120, borderRadius: 8 }} />;
  // The author's own upload, previewed for checking: captions are not known here.
  // biome-ignore lint/a11y/useMediaCaption: see above
  if (kind === 'audio') return <audio src={url} controls preload="none" style={{ maxWidth: '100%' }} />;
  // biome-ignore lint/a11y/useMediaCaption: as above
  return <video src={url} controls preload="none" style={{ maxWidth: 240, maxHeight: 160 }} />;
}

interface Props {
  kind: MediaKind;
  source: MediaSource;
  onChange(source: MediaSource): void;
  onCommit(source: MediaSource): void;
}

/**
 * An uploaded file of the fitting type, or an external address; or a file uploaded right here (picked
 * or dropped onto the item), which the item then shows, without a detour through the Medien panel.
 */
export function MediaSourceField({ kind, source, onChange, onCommit }: Props) {
  const { t } = useTranslation();
  const media = useMediaList();
  const files = filesFor(media.data ?? [], kind);
  const filename = 'filename' in source ? source.filename : '';
  const { upload, failure } = useUploadMedia();
  const [over, setOver] = useState(false);
  const send = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(
      { type: kind, file },
      {
        onSuccess: (uploaded) => {
          const next = { filename: uploaded.filename_db };
          onChange(next);
          onCommit(next);
        },
      },
    );
  };
  return (
    <Stack spacing={1}>
      <Box
        data-testid="media-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          send(e.dataTransfer.files[0]);
        }}
        sx={{
          p: 1,
          border: 1,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: over ? 'primary.main' : 'divider',
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
        }}
      >
        <UploadButton
          label={t('configurator.text.uploadHere')}
          inputLabel={t('configurator.text.uploadHere')}
          testId="media-item-file-input"
          pending={upload.isPending}
          variant="outlined"
          size="small"
          onFile={send}
        />
        <Typography variant="body2" color="text.secondary">
          {t('configurator.text.dropHere')}
        </Typography>
      </Box>
      {upload.isPending ? <LinearProgress /> : null}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          select
          size="small"
          label={t('configurator.text.uploaded')}
          value={files.some((f) => f.filename_db === filename) ? filename : ''}
          onChange={(e) => {
            const next = e.target.value ? { filename: e.target.value } : { url: '' };
            onChange(next);
            onCommit(next);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">
            <em>{t('configurator.media.none')}</em>
          </MenuItem>
          {files.map((f) => (
            <MenuItem key={f.filename_db} value={f.filename_db}>
              {f.original_name || f.filename_db}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('configurator.text.orUrl')}
          value={'url' in source ? source.url : ''}
          onChange={(e) => onChange({ url: e.target.value })}
          onBlur={() => {
            if ('url' in source) onCommit(source);
          }}
          sx={{ flexGrow: 1 }}
        />
      </Stack>
      <MediaView kind={kind} source={source} />
    </Stack>
  );
}
