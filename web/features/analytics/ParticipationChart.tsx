import { BarChart } from '@mui/x-charts/BarChart';
import { parseISO } from 'date-fns/parseISO';
import { useTranslation } from 'react-i18next';
import type { SurveySummaryResponse } from '../../../contract/analytics.ts';
import { formatDate } from '../../i18n/date.ts';
import { useChartColors } from './chart-colors.ts';
import { fillDays } from './figures.ts';
import { Section } from './Section.tsx';

/** Sessions started and finished per day of the author's calendar. */
export function ParticipationChart({ perDay }: { perDay: SurveySummaryResponse['per_day'] }) {
  const { t } = useTranslation();
  const colors = useChartColors();
  const days = fillDays(perDay);
  return (
    <Section title={t('analytics.participation.title')}>
      {days.length === 0 ? (
        t('analytics.noData')
      ) : (
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
      )}
    </Section>
  );
}
