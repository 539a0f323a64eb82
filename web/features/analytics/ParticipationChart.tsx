import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { parseISO } from 'date-fns/parseISO';
import { useTranslation } from 'react-i18next';
import type { SurveySummaryResponse } from '../../../contract/analytics.ts';
import { formatDate } from '../../i18n/date.ts';
import { ChartTable } from './ChartTable.tsx';
import { useChartColors } from './chart-colors.ts';
import { fillDays } from './figures.ts';
import { Section } from './Section.tsx';

/** Sessions started and finished per day of the author's calendar, as bars and as a table. */
export function ParticipationChart({ perDay }: { perDay: SurveySummaryResponse['per_day'] }) {
  const { t } = useTranslation();
  const colors = useChartColors();
  const days = fillDays(perDay);
  return (
    <Section title={t('analytics.participation.title')}>
      {days.length === 0 ? (
        t('analytics.noData')
      ) : (
        <Box role="figure" aria-label={t('analytics.participation.title')} sx={{ position: 'relative' }}>
          <BarChart
            height={260}
            skipAnimation
            xAxis={[
              {
                scaleType: 'band',
                data: days.map((d) => d.day),
                valueFormatter: (day: string) => formatDate(parseISO(day), 'dd.MM.'),
              },
            ]}
            yAxis={[{ tickMinStep: 1, min: 0 }]}
            series={[
              {
                label: t('analytics.participation.started'),
                data: days.map((d) => d.started),
                color: colors.primary,
              },
              {
                label: t('analytics.participation.finished'),
                data: days.map((d) => d.finished),
                color: colors.accent,
              },
            ]}
          />
          <ChartTable
            name={t('analytics.participation.title')}
            categoryLabel={t('analytics.participation.day')}
            categories={days.map((d) => formatDate(parseISO(d.day), 'P'))}
            series={[
              { label: t('analytics.participation.started'), values: days.map((d) => d.started) },
              { label: t('analytics.participation.finished'), values: days.map((d) => d.finished) },
            ]}
          />
        </Box>
      )}
    </Section>
  );
}
