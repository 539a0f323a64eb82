import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { VERSION_MODES, type VersionMode } from '../../../../contract/versions.ts';
import { useSetVersionMode, useVersionState } from '../../../api/versions-api.ts';
import { SettingsSection, useActionFailure } from '../settings/SettingsSection.tsx';

/**
 * The dialog's way of working (issue 21): 'Direkt' (a saved change reaches the chats that start
 * afterwards) or 'Mit Veröffentlichen' (a draft, published by the author), each with what it means.
 */
export function VersionModeSection({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const state = useVersionState(surveyId);
  const setMode = useSetVersionMode(surveyId);
  const failure = useActionFailure(t('versions.mode.failed'));
  const mode = setMode.isPending ? setMode.variables : state.data?.mode;
  return (
    <SettingsSection title={t('versions.mode.title')} intro={t('versions.mode.intro')} failure={failure}>
      <RadioGroup
        aria-label={t('versions.mode.title')}
        value={mode ?? ''}
        onChange={(e) => {
          failure.clear();
          setMode.mutate(e.target.value as VersionMode, { onError: failure.failed });
        }}
      >
        {VERSION_MODES.map((m) => (
          <FormControlLabel
            key={m}
            value={m}
            disabled={!state.data || setMode.isPending}
            control={<Radio size="small" />}
            sx={{ alignItems: 'flex-start', mb: 1 }}
            label={
              <Stack sx={{ pt: 0.75 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`versions.mode.labels.${m}`)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`versions.mode.help.${m}`)}
                </Typography>
              </Stack>
            }
          />
        ))}
      </RadioGroup>
    </SettingsSection>
  );
}
