import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { ManagerSummaryResponse } from '../../../contract/analytics.ts';
import { ChartTable } from './ChartTable.tsx';
import { useChartColors } from './chart-colors.ts';
import { formatCount } from './format.ts';
import { Section } from './Section.tsx';

/**
 * How far the players got: per connected dialog in game order, who started and who finished it (bars
 * and a table).
 */
export function GameProgress({ summary }: { summary: ManagerSummaryResponse }) {
  const { t } = useTranslation();
  const colors = useChartColors();
  const steps = summary.progress;
  // Without any player the counts are all 0, an empty domain the axis would label '0.000000'.
  const empty = steps.every((s) => s.started === 0 && s.finished === 0);
  return (
    <Section title={t('analytics.multichat.progress')}>
      <Typography variant="body1" sx={{ mb: 1 }}>
        {t('analytics.multichat.players', { count: summary.players })}
      </Typography>
      {steps.length > 0 ? (
        <Box role="figure" aria-label={t('analytics.multichat.progress')} sx={{ position: 'relative' }}>
          <BarChart
            height={Math.max(200, 60 + steps.length * 48)}
            skipAnimation
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: steps.map((s) => s.survey_name), width: 160 }]}
            xAxis={[{ tickMinStep: 1, max: empty ? 1 : undefined }]}
            series={[
              {
                label: t('analytics.multichat.started'),
                data: steps.map((s) => s.started),
                color: colors.primary,
                valueFormatter: (v) => formatCount(v ?? 0),
              },
              {
                label: t('analytics.multichat.finished'),
                data: steps.map((s) => s.finished),
                color: colors.accent,
                valueFormatter: (v) => formatCount(v ?? 0),
              },
            ]}
          />
          <ChartTable
            name={t('analytics.multichat.progress')}
            categoryLabel={t('analytics.multichat.dialog')}
            categories={steps.map((s) => s.survey_name)}
            series={[
              { label: t('analytics.multichat.started'), values: steps.map((s) => s.started) },
              { label: t('analytics.multichat.finished'), values: steps.map((s) => s.finished) },
            ]}
          />
        </Box>
      ) : null}
    </Section>
  );
}
