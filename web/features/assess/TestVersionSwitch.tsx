import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TEST_VERSIONS, type TestVersion } from '../../../contract/versions.ts';
import { useVersionState } from '../../api/versions-api.ts';

/** The version a test chat runs on, from the address (?version=published); the draft otherwise. */
export const testVersionOf = (search: URLSearchParams): TestVersion =>
  search.get('version') === 'published' ? 'published' : 'draft';

/**
 * 'Testen mit: Entwurf | Veröffentlichte Version', in 'Mit Veröffentlichen' only (in 'Direkt' the draft is
 * what respondents get). Choosing the other one starts a new test chat on it.
 */
export function TestVersionSwitch(props: {
  surveyId: string;
  value: TestVersion;
  onChange(next: TestVersion): void;
}) {
  const { t } = useTranslation();
  const { data: state } = useVersionState(props.surveyId);
  if (state?.mode !== 'publish') return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', py: 1, px: 1, rowGap: 0.5 }}
    >
      <Typography variant="body2" id="test-version-label">
        {t('versions.test.label')}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={props.value}
        aria-labelledby="test-version-label"
        onChange={(_, next: TestVersion | null) => next && next !== props.value && props.onChange(next)}
      >
        {TEST_VERSIONS.map((v) => (
          <ToggleButton key={v} value={v}>
            {v === 'published' && state.live_version !== null
              ? `${t('versions.test.published')} (${state.live_version})`
              : t(`versions.test.${v}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="caption" color="text.secondary">
        {t('versions.test.help')}
      </Typography>
    </Stack>
  );
}
