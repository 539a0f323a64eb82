import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartTable } from './ChartTable.tsx';
import { formatCount } from './format.ts';

/** From this many categories on, their labels are turned, so that every one of them fits. */
const TURN_LABELS_FROM = 5;

/**
 * One series of counts as bars over categories (histogram bins, months), described for screen readers
 * by `name`; nothing when there are no categories. Every bar has its label under it (turned when there
 * are many), and the figures are also a table (ChartTable), each category with its count.
 */
export function CountBars(props: {
  name: string;
  label: string;
  /** What the categories are ('Bereich', 'Monat'): the head of the table's first column. */
  categoryLabel: string;
  categories: string[];
  counts: number[];
  color: string;
  formatCategory?: (category: string) => string;
}) {
  if (props.categories.length === 0) return null;
  const show = props.formatCategory ?? ((category: string) => category);
  const turned = props.categories.length >= TURN_LABELS_FROM;
  return (
    <Box role="figure" aria-label={props.name} sx={{ position: 'relative' }}>
      <BarChart
        height={turned ? 300 : 240}
        skipAnimation
        hideLegend
        xAxis={[
          {
            scaleType: 'band',
            data: props.categories,
            ...(props.formatCategory ? { valueFormatter: props.formatCategory } : {}),
            // Every bar keeps its label (the default leaves out labels that would overlap).
            tickLabelInterval: () => true,
            ...(turned
              ? { tickLabelStyle: { angle: -45, textAnchor: 'end', fontSize: 12 }, height: 'auto' }
              : {}),
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
      <ChartTable
        name={props.name}
        categoryLabel={props.categoryLabel}
        categories={props.categories.map(show)}
        series={[{ label: props.label, values: props.counts }]}
      />
    </Box>
  );
}
