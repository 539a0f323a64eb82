import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StatusResponse } from '../../../contract/training.ts';

/**
 * Which services route the block's answers (issue 19): the local model, with embeddings when its
 * newest model mixes them in, and the language model for unsure answers when one is configured; that a
 * German model knows words and synonyms from its dictionaries. Says whether answers leave the server.
 */
export function RoutingBackendNote({ routing }: { routing: NonNullable<StatusResponse['routing']> }) {
  const { t } = useTranslation();
  const parts = [
    t(routing.synonyms ? 'training.backend.modelWithSynonyms' : 'training.backend.model'),
    ...(routing.embeddings === null ? [] : [t('training.backend.embeddings', { model: routing.embeddings })]),
    ...(routing.llm === null ? [] : [t('training.backend.llm', { model: routing.llm })]),
  ];
  const local = routing.embeddings === null && routing.llm === null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="routing-backend" sx={{ minWidth: 0 }}>
      {t('training.backend.label', { backends: parts.join(' + ') })}{' '}
      {t(local ? 'training.backend.local' : 'training.backend.sent')}
    </Typography>
  );
}
