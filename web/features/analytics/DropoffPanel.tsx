import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { BlockSummary } from '../../../contract/analytics.ts';
import { useChartColors } from './chart-colors.ts';
import { blockChartLabel, CHART_LABEL_CHARS, dropoffRows } from './figures.ts';
import { formatCount, formatDuration } from './format.ts';
import { ScrollRegion } from './ScrollRegion.tsx';
import { Section } from './Section.tsx';

/** Per block in dialog order: how many reached it, answered it, left there, and the time it took. */
export function DropoffPanel({ blocks: all }: { blocks: BlockSummary[] }) {
  const { t } = useTranslation();
  const blocks = dropoffRows(all);
  const colors = useChartColors();
  return (
    <Section title={t('analytics.dropoff.title')}>
      {blocks.length === 0 ? (
        t('analytics.noData')
      ) : (
        <>
          {/* With nobody in the selection the chart would have no scale to draw; the table says it all. */}
          {blocks.some((b) => b.reached > 0) ? (
            <BarChart
              height={Math.max(200, 60 + blocks.length * 48)}
              skipAnimation
              layout="horizontal"
              yAxis={[
                {
                  scaleType: 'band',
                  data: blocks.map((b) => b.unique_question_id),
                  // The axis shows the number and a cut name; the tooltip of a bar the whole name.
                  valueFormatter: (id: string, { location }) => {
                    const block = blocks.find((b) => b.unique_question_id === id)!;
                    return blockChartLabel(block, location === 'tick' ? CHART_LABEL_CHARS : undefined);
                  },
                  width: 180,
                },
              ]}
              xAxis={[{ tickMinStep: 1 }]}
              series={[
                {
                  label: t('analytics.dropoff.reached'),
                  data: blocks.map((b) => b.reached),
                  color: colors.primary,
                },
                {
                  label: t('analytics.dropoff.answered'),
                  data: blocks.map((b) => b.answered),
                  color: colors.secondary,
                },
                ...(blocks.some((b) => b.skipped > 0)
                  ? [
                      {
                        label: t('analytics.dropoff.skipped'),
                        data: blocks.map((b) => b.skipped),
                        color: colors.neutral,
                      },
                    ]
                  : []),
                { label: t('analytics.dropoff.left'), data: blocks.map((b) => b.left), color: colors.accent },
              ]}
            />
          ) : null}
          {/* Six columns scroll sideways in a half-width card. */}
          <ScrollRegion label={t('analytics.dropoff.tableRegion')}>
            <Table size="small" aria-label={t('analytics.dropoff.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('analytics.dropoff.block')}</TableCell>
                  <TableCell align="right">{t('analytics.dropoff.reached')}</TableCell>
                  <TableCell align="right">{t('analytics.dropoff.answered')}</TableCell>
                  <TableCell align="right">{t('analytics.dropoff.skipped')}</TableCell>
                  <TableCell align="right">{t('analytics.dropoff.left')}</TableCell>
                  <TableCell align="right">{t('analytics.dropoff.time')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {blocks.map((b) => (
                  <TableRow key={b.unique_question_id}>
                    <TableCell component="th" scope="row">
                      {blockChartLabel(b)}
                    </TableCell>
                    <TableCell align="right">{formatCount(b.reached)}</TableCell>
                    <TableCell align="right">{formatCount(b.answered)}</TableCell>
                    <TableCell align="right">{formatCount(b.skipped)}</TableCell>
                    <TableCell align="right">{formatCount(b.left)}</TableCell>
                    <TableCell align="right">{formatDuration(b.time_median_ms)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        </>
      )}
    </Section>
  );
}
