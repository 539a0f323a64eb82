import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Routed } from '../../../contract/chat.ts';
import { NONE_BRANCH } from '../../../contract/training.ts';

/**
 * Under a routed free-text answer of the assessment chat, for the author only (the server sends it on
 * author tokens): the branch the answer took ('keiner davon' too), how sure, what decided and, when the
 * language model decided, its reason.
 */
export function RoutingNote(props: { routed: Routed }) {
  const { t } = useTranslation();
  const { branch, confidence, source, reason } = props.routed;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      title={t('assess.routedTitle')}
      data-testid="routing-note"
      // On a phone the note takes its own line above the flag button, so neither wraps awkwardly.
      sx={{ alignSelf: 'center', mr: 1, flexBasis: { xs: '100%', sm: 'auto' }, textAlign: 'right' }}
    >
      {t('assess.routed', {
        branch: branch === NONE_BRANCH ? t('training.noneLabel') : branch,
        confidence: Math.round(confidence * 100),
        source: t(`assess.source.${source}`),
      })}
      {reason ? (
        <Box
          component="span"
          data-testid="routing-reason"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {t('assess.reason', { reason })}
        </Box>
      ) : null}
    </Typography>
  );
}
