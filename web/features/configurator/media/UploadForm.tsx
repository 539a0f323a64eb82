import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_RULES, MEDIA_TYPES, type MediaType } from '../../../../contract/media.ts';
import { ApiError } from '../../../api/client.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { useApi } from '../../../route-context.ts';
import { configuratorApi } from '../api.ts';
import { useConfiguratorStore } from '../store.ts';
import { mediaKey } from './media-api.ts';

const MB = 1024 * 1024;

/** Upload of a logo, avatar image, image, audio or video; the server's German message when it refuses. */
export function UploadForm() {
  const { t } = useTranslation();
  const api = useApi();
  const client = useQueryClient();
  const surveyId = useConfiguratorStore((s) => s.surveyId ?? '');
  const [type, setType] = useState<MediaType>('image');
  const [done, setDone] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => configuratorApi(api).uploadMedia(surveyId, type, file),
    onSuccess: () => {
      setDone(true);
      return client.invalidateQueries({ queryKey: mediaKey(surveyId) });
    },
    onError: (error) => console.error('upload_media failed', error),
  });
  const rule = MEDIA_RULES[type];
  const failure =
    upload.error instanceof ApiError
      ? upload.error.msg || upload.error.title
      : upload.error
        ? String(upload.error)
        : null;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <SelectField
          label={t('configurator.media.type')}
          value={type}
          options={MEDIA_TYPES}
          optionLabel={(m) => t(`configurator.media.types.${m}`)}
          onChange={setType}
          sx={{ minWidth: 160 }}
        />
        <Button
          variant="contained"
          startIcon={<CloudUploadIcon />}
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {upload.isPending ? t('configurator.media.uploading') : t('configurator.media.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          aria-label={t('configurator.media.choose')}
          data-testid="media-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            setDone(false);
            if (file) upload.mutate(file);
          }}
        />
      </Stack>
      <FormHelperText>
        {t('configurator.media.allowed', { formats: rule.label, mb: rule.maxBytes / MB })}
      </FormHelperText>
      {upload.isPending ? <LinearProgress /> : null}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      {done && !upload.isPending && !failure ? (
        <Alert severity="success" onClose={() => setDone(false)}>
          {t('configurator.media.uploaded')}
        </Alert>
      ) : null}
    </Stack>
  );
}
