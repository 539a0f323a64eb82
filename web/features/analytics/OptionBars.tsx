import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { useChartColors } from './chart-colors.ts';
import { formatCount, formatShare } from './format.ts';

export interface OptionCount {
  label: string;
  count: number;
  share: number;
}

/**
 * Counts per option as bars and as a table with the share of respondents. Clicking a bar (or the
 * filter button of its row) filters every figure to the respondents who gave that answer.
 */
export function OptionBars(props: { title: string; options: OptionCount[]; onFilter(value: string): void }) {
  const { t } = useTranslation();
  const colors = useChartColors();
  const { options } = props;
  return (
    <Box>
      {options.some((o) => o.count > 0) ? (
        <Box data-testid="option-chart" aria-label={props.title} role="figure">
          <BarChart
            height={Math.max(160, 50 + options.length * 40)}
            skipAnimation
            layout="horizontal"
            hideLegend
            yAxis={[{ scaleType: 'band', data: options.map((o) => o.label), width: 140 }]}
            xAxis={[{ tickMinStep: 1 }]}
            series={[
              {
                label: t('analytics.results.count'),
                data: options.map((o) => o.count),
                color: colors.primary,
                valueFormatter: (value, { dataIndex }) =>
                  `${formatCount(value ?? 0)} (${formatShare(options[dataIndex]?.share ?? 0)})`,
              },
            ]}
            onItemClick={(_, item) => {
              const option = options[item.dataIndex];
              if (option) props.onFilter(option.label);
            }}
          />
          <Typography variant="caption" color="text.secondary">
            {t('analytics.results.chartHint')}
          </Typography>
        </Box>
      ) : null}
      {/* On a phone the table may be wider than the screen: it scrolls, not the page. */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={props.title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('analytics.results.option')}</TableCell>
              <TableCell align="right">{t('analytics.results.count')}</TableCell>
              <TableCell align="right">{t('analytics.results.share')}</TableCell>
              <TableCell padding="checkbox" />
            </TableRow>
          </TableHead>
          <TableBody>
            {options.map((o) => (
              <TableRow key={o.label}>
                <TableCell component="th" scope="row">
                  {o.label}
                </TableCell>
                <TableCell align="right">{formatCount(o.count)}</TableCell>
                <TableCell align="right">{formatShare(o.share)}</TableCell>
                <TableCell padding="checkbox">
                  <IconButton
                    size="small"
                    aria-label={t('analytics.filters.addFilter', { value: o.label })}
                    title={t('analytics.filters.addFilter', { value: o.label })}
                    onClick={() => props.onFilter(o.label)}
                  >
                    <FilterAltOutlinedIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
