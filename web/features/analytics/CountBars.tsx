import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatCount } from './format.ts';

/** Read by screen readers, not shown: the chart's figures as a table. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** From this many categories on, their labels are turned, so that every one of them fits. */
const TURN_LABELS_FROM = 5;

/**
 * One series of counts as bars over categories (histogram bins, months), described for screen readers
 * by `name`; nothing when there are no categories. Every bar has its label under it (turned when there
 * are many), and the figures are also a table for screen readers, each category with its count.
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
      <Box component="table" sx={visuallyHidden}>
        <caption>{props.name}</caption>
        <thead>
          <tr>
            <th scope="col">{props.categoryLabel}</th>
            <th scope="col">{props.label}</th>
          </tr>
        </thead>
        <tbody>
          {props.categories.map((category, i) => (
            // The categories are the chart's fixed, ordered list: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={i}>
              <th scope="row">{show(category)}</th>
              <td>{formatCount(props.counts[i] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
