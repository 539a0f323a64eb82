import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatCount } from './format.ts';

/**
 * One series of counts as bars over categories (histogram bins, months), described for screen readers
 * by `name`; nothing when there are no categories.
 */
export function CountBars(props: {
  name: string;
  label: string;
  categories: string[];
  counts: number[];
  color: string;
  formatCategory?: (category: string) => string;
}) {
  if (props.categories.length === 0) return null;
  return (
    <Box role="figure" aria-label={props.name}>
      <BarChart
        height={240}
        skipAnimation
        hideLegend
        xAxis={[
          {
            scaleType: 'band',
            data: props.categories,
            ...(props.formatCategory ? { valueFormatter: props.formatCategory } : {}),
          },
        ]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[
          {
            label: props.label,
            data: props.counts,
            color: props.color,
            valueFormatter: (value) => formatCount(value ?? 0),
          },
        ]}
      />
    </Box>
  );
}
