import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import VideocamIcon from '@mui/icons-material/Videocam';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaFile } from '../../../../contract/media.ts';
import { ApiError } from '../../../api/client.ts';
import { ItemConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useApi } from '../../../route-context.ts';
import { configuratorApi } from '../api.ts';
import { useController } from '../context.ts';
import { useConfiguratorStore } from '../store.ts';
import { mediaKey, useMediaList } from './media-api.ts';
import { formatSize, isImage } from './media-kinds.ts';
import { UploadForm } from './UploadForm.tsx';

/** The settings an uploaded image can fill right from the list, with their buttons' labels. */
const IMAGE_USES = [
  ['avatar_src', 'configurator.media.useAsAvatar'],
  ['logo_src', 'configurator.media.useAsLogo'],
  ['background_link', 'configurator.media.useAsBackground'],
] as const;

function Thumb({ file }: { file: MediaFile }) {
  const box = { width: 48, height: 48, borderRadius: 1, flexShrink: 0 } as const;
  if (isImage(file))
    return <Box component="img" src={file.location} alt="" sx={{ ...box, objectFit: 'cover' }} />;
  return (
    <Box sx={{ ...box, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
      {file.type === 'audio' ? <AudiotrackIcon /> : <VideocamIcon />}
    </Box>
  );
}

/** Upload, list and delete media; images can be used as avatar, logo or background right here. */
export function MediaPanel() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const client = useQueryClient();
  const controller = useController();
  const surveyId = useConfiguratorStore((s) => s.surveyId ?? '');
  const settings = useConfiguratorStore((s) => s.dialog?.settings);
  const media = useMediaList();
  const [deleting, setDeleting] = useState<MediaFile | null>(null);
  const remove = useMutation({
    mutationFn: (file: MediaFile) => configuratorApi(api).deleteMedia(surveyId, file.filename_db),
    onSuccess: () => client.invalidateQueries({ queryKey: mediaKey(surveyId) }),
    onError: (error) => console.error('delete_media failed', error),
  });
  const removeError = remove.error instanceof ApiError ? remove.error.msg || remove.error.title : null;
  const files = media.data ?? [];
  return (
    <Stack spacing={2} data-testid="media-panel">
      <UploadForm />
      {media.isError ? <Alert severity="error">{t('configurator.media.loadError')}</Alert> : null}
      {removeError ? (
        <Alert severity="error" onClose={() => remove.reset()}>
          {removeError}
        </Alert>
      ) : null}
      {media.isSuccess && files.length === 0 ? (
        <Typography color="text.secondary">{t('configurator.media.empty')}</Typography>
      ) : null}
      <List disablePadding aria-label={t('configurator.media.title')}>
        {files.map((file) => (
          <ListItem
            key={file.filename_db}
            divider
            disableGutters
            data-testid="media-item"
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={`${t('configurator.media.delete')}: ${file.original_name}`}
                onClick={() => setDeleting(file)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            }
          >
            <Stack spacing={0.5} sx={{ width: '100%', pr: 5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Thumb file={file} />
                <ListItemText
                  primary={file.original_name || file.filename_db}
                  secondary={`${t(`configurator.media.types.${file.type}`)} · ${formatSize(file.size, i18n.language)}`}
                  slotProps={{ primary: { noWrap: true } }}
                />
              </Stack>
              {isImage(file) && settings ? (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {IMAGE_USES.map(([setting, label]) => (
                    <Button
                      key={setting}
                      size="small"
                      disabled={settings[setting] === file.location}
                      onClick={() => void controller.updateSettings(setting, file.location)}
                    >
                      {t(label)}
                    </Button>
                  ))}
                </Stack>
              ) : null}
            </Stack>
          </ListItem>
        ))}
      </List>
      <ItemConfirmDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(file) => remove.mutate(file)}
        title={t('configurator.media.deleteTitle')}
        text={t('configurator.media.deleteText', { name: deleting?.original_name ?? '' })}
        confirmLabel={t('configurator.media.delete')}
      />
    </Stack>
  );
}
