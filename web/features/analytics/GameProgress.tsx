import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { ManagerSummaryResponse } from '../../../contract/analytics.ts';
import { useChartColors } from './chart-colors.ts';
import { formatCount } from './format.ts';
import { Section } from './Section.tsx';

/** How far the players got: per connected dialog in game order, who started and who finished it. */
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
      ) : null}
    </Section>
  );
}
