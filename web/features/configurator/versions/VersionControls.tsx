import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useVersionState } from '../../../api/versions-api.ts';
import { PublishButton } from './PublishButton.tsx';

/**
 * In 'Mit Veröffentlichen': which version is live, whether the draft differs from it, and
 * 'Veröffentlichen'. In 'Direkt' a saved change is live anyway, so nothing is shown.
 */
export function VersionControls({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const { data: state } = useVersionState(surveyId);
  if (state?.mode !== 'publish') return null;
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}
      role="group"
      aria-label={t('versions.status.label')}
      data-testid="version-status"
    >
      <Chip
        size="small"
        color={state.live_version === null ? 'default' : 'success'}
        variant="outlined"
        label={
          state.live_version === null
            ? t('versions.status.noneYet')
            : t('versions.status.live', { number: state.live_version })
        }
      />
      <Chip
        size="small"
        color={state.draft_differs ? 'primary' : 'default'}
        variant="outlined"
        label={t(state.draft_differs ? 'versions.status.draftDiffers' : 'versions.status.draftSame')}
      />
      <PublishButton surveyId={surveyId} differs={state.draft_differs} />
    </Stack>
  );
}
