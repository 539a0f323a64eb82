import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useQuotas } from '../../api/quotas-api.ts';
import { Section } from './Section.tsx';

/** 'Quoten': each quota's fill (finished live chats counted / limit); absent when the dialog has none. */
export function QuotasPanel({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  // The fill grows while the dialog is live: Analyse follows it.
  const quotas = useQuotas(surveyId, 30_000).data ?? [];
  if (quotas.length === 0) return null;
  return (
    <Section title={t('quotas.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('quotas.analyseIntro')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {quotas.map((q) => {
          const full = q.count >= q.limit;
          return (
            <li key={q.id} aria-label={`${q.name}: ${t('quotas.fill', { count: q.count, limit: q.limit })}`}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{q.name}</Typography>
                <Typography sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {t('quotas.fill', { count: q.count, limit: q.limit })}
                  {full ? ` (${t('quotas.full')})` : ''}
                </Typography>
              </Box>
              <LinearProgress
                variant="determinate"
                color={full ? 'warning' : 'primary'}
                value={q.limit === 0 ? 100 : Math.min(100, (q.count / q.limit) * 100)}
                aria-hidden
              />
            </li>
          );
        })}
      </Box>
    </Section>
  );
}
