import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { BlockResult } from '../../../contract/analytics.ts';
import { CountBars } from './CountBars.tsx';
import { useChartColors } from './chart-colors.ts';
import { binLabel } from './figures.ts';
import { formatNumber } from './format.ts';
import { Stat } from './Stat.tsx';

/** A number block: median, mean and range, and the answers as a histogram. */
export function NumberResult(props: { title: string; result: Extract<BlockResult, { kind: 'number' }> }) {
  const { t } = useTranslation();
  const colors = useChartColors();
  const { result } = props;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1 }}>
        <Stat label={t('analytics.results.median')} value={formatNumber(result.median)} />
        <Stat label={t('analytics.results.mean')} value={formatNumber(result.mean)} />
        <Stat label={t('analytics.results.min')} value={formatNumber(result.min)} />
        <Stat label={t('analytics.results.max')} value={formatNumber(result.max)} />
      </Box>
      <CountBars
        name={`${props.title}: ${t('analytics.results.histogram')}`}
        label={t('analytics.results.count')}
        categoryLabel={t('analytics.results.bin')}
        categories={result.histogram.map((bin) => binLabel(bin))}
        counts={result.histogram.map((bin) => bin.count)}
        color={colors.primary}
      />
    </Box>
  );
}
