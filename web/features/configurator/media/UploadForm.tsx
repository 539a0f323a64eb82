import Alert from '@mui/material/Alert';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_RULES, MEDIA_TYPES, type MediaType } from '../../../../contract/media.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { useUploadMedia } from './media-api.ts';
import { UploadButton } from './UploadButton.tsx';

const MB = 1024 * 1024;

/** Upload of a logo, avatar image, image, audio or video; the server's German message when it refuses. */
export function UploadForm() {
  const { t } = useTranslation();
  const [type, setType] = useState<MediaType>('image');
  const [done, setDone] = useState(false);
  const { upload, failure } = useUploadMedia();
  const rule = MEDIA_RULES[type];
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
        <UploadButton
          label={t('configurator.media.upload')}
          inputLabel={t('configurator.media.choose')}
          testId="media-file-input"
          pending={upload.isPending}
          onFile={(file) => {
            setDone(false);
            upload.mutate({ type, file }, { onSuccess: () => setDone(true) });
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
