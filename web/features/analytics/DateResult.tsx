import Box from '@mui/material/Box';
import { parseISO } from 'date-fns/parseISO';
import { useTranslation } from 'react-i18next';
import type { BlockResult } from '../../../contract/analytics.ts';
import { formatDate } from '../../i18n/date.ts';
import { CountBars } from './CountBars.tsx';
import { useChartColors } from './chart-colors.ts';
import { NONE } from './format.ts';
import { Stat } from './Stat.tsx';

const showDay = (day: string | null) => (day ? formatDate(parseISO(day), 'P') : NONE);

/** A date block: earliest and latest answer, and the answers per month. */
export function DateResult(props: { title: string; result: Extract<BlockResult, { kind: 'date' }> }) {
  const { t } = useTranslation();
  const colors = useChartColors();
  const { result } = props;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1 }}>
        <Stat label={t('analytics.results.earliest')} value={showDay(result.earliest)} />
        <Stat label={t('analytics.results.latest')} value={showDay(result.latest)} />
      </Box>
      <CountBars
        name={`${props.title}: ${t('analytics.results.perMonth')}`}
        label={t('analytics.results.perMonth')}
        categoryLabel={t('analytics.results.month')}
        categories={result.per_month.map((m) => m.month)}
        counts={result.per_month.map((m) => m.count)}
        color={colors.secondary}
        formatCategory={(month) => formatDate(parseISO(`${month}-01`), 'MMM yyyy')}
      />
    </Box>
  );
}
