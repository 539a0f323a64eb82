import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from './format.ts';

/** Read by screen readers, not shown. */
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

export interface ChartSeries {
  label: string;
  values: number[];
}

/**
 * A chart's figures as a table, its text alternative (WCAG 1.1.1): screen readers always have it, and
 * 'Als Tabelle' shows it on the page, for whoever reads figures better than bars.
 */
export function ChartTable(props: {
  name: string;
  /** What the categories are ('Bereich', 'Tag'): the head of the first column. */
  categoryLabel: string;
  categories: string[];
  series: ChartSeries[];
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <>
      <Button size="small" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        {t('analytics.chartTable')}
      </Button>
      <Box sx={shown ? { overflowX: 'auto' } : visuallyHidden}>
        <Table size="small" aria-label={props.name}>
          <TableHead>
            <TableRow>
              <TableCell>{props.categoryLabel}</TableCell>
              {props.series.map((s) => (
                <TableCell key={s.label} align="right">
                  {s.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {props.categories.map((category, i) => (
              // The categories are the chart's fixed, ordered list: the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <TableRow key={i}>
                <TableCell component="th" scope="row">
                  {category}
                </TableCell>
                {props.series.map((s) => (
                  <TableCell key={s.label} align="right">
                    {formatCount(s.values[i] ?? 0)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </>
  );
}
