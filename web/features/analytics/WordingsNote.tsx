import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BlockWording } from '../../../contract/versions.ts';

/**
 * The marker of a block whose wording changed between the versions its answers came from (issue 21):
 * each wording with the versions that had it, so the author knows which answers saw which text.
 */
export function WordingsNote({ wordings }: { wordings: readonly BlockWording[] }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mb: 1 }} data-testid="wordings-note">
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        label={t('versions.analyse.wordings')}
        sx={{ mb: 0.5 }}
      />
      <Box component="ul" aria-label={t('versions.analyse.wordingsTitle')} sx={{ m: 0, pl: 2.5 }}>
        {wordings.map((w) => (
          <Typography
            component="li"
            variant="body2"
            key={w.versions.join(',')}
            sx={{ overflowWrap: 'anywhere' }}
          >
            <strong>
              {t('versions.analyse.wordingVersions', {
                count: w.versions.length,
                list: w.versions.join(', '),
              })}
              :
            </strong>{' '}
            „{w.label}“
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
