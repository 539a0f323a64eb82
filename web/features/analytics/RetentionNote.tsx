import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRetention } from '../../api/retention-api.ts';

/** How long the dialog's answers are kept, as its 'Antworten löschen nach N Tagen' setting says. */
export function RetentionNote({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const days = useRetention(surveyId);
  if (days.data === undefined) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="retention-note">
      {days.data === null
        ? t('audit.retention.kept')
        : t('audit.retention.deletedAfter', { count: days.data })}
    </Typography>
  );
}
