import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFiltersInput, BlockSummary, CrosstabResponse } from '../../../contract/analytics.ts';
import { useCrosstab } from './analytics-api.ts';
import { tabulable } from './figures.ts';
import { formatCount } from './format.ts';
import { Section } from './Section.tsx';

/**
 * The counts with a 'Gesamt' column and row from the server: people (sessions), not the sum of the
 * cells, which with a multiple choice counts a person once per chosen option.
 */
export function CrosstabTable(props: { data: CrosstabResponse; caption: string; multiple: boolean }) {
  const { t } = useTranslation();
  const { data } = props;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={props.caption}>
        <TableHead>
          <TableRow>
            <TableCell />
            {data.columns.map((c) => (
              <TableCell key={c} align="right">
                {c}
              </TableCell>
            ))}
            <TableCell align="right">{t('analytics.crosstab.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((r, i) => {
            const counts = data.counts[i] ?? [];
            return (
              <TableRow key={r}>
                <TableCell component="th" scope="row">
                  {r}
                </TableCell>
                {data.columns.map((c, j) => (
                  <TableCell key={c} align="right">
                    {formatCount(counts[j] ?? 0)}
                  </TableCell>
                ))}
                <TableCell align="right">{formatCount(data.row_totals[i] ?? 0)}</TableCell>
              </TableRow>
            );
          })}
          <TableRow>
            <TableCell component="th" scope="row">
              {t('analytics.crosstab.total')}
            </TableCell>
            {data.columns.map((c, j) => (
              <TableCell key={c} align="right">
                {formatCount(data.column_totals[j] ?? 0)}
              </TableCell>
            ))}
            <TableCell align="right">{formatCount(data.total)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('analytics.crosstab.both', { count: data.total })}
      </Typography>
      {props.multiple ? (
        <Typography variant="body2" color="text.secondary">
          {t('analytics.crosstab.people')}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Cross-tabulation of two choice or Likert blocks: sessions per pair of answers. */
export function CrosstabPanel(props: {
  surveyId: string;
  blocks: BlockSummary[];
  filters: AnalyticsFiltersInput;
}) {
  const { t } = useTranslation();
  const candidates = tabulable(props.blocks);
  const [rowId, setRowId] = useState<string | null>(candidates[0]?.unique_question_id ?? null);
  const [columnId, setColumnId] = useState<string | null>(candidates[1]?.unique_question_id ?? null);
  const crosstab = useCrosstab(props.surveyId, rowId, columnId, props.filters);
  const blockOf = (id: string | null) => candidates.find((b) => b.unique_question_id === id);
  const labelOf = (id: string | null) => blockOf(id)?.label ?? '';
  const multiple = [rowId, columnId].some((id) => blockOf(id)?.type === 'multiple_choice');

  const picker = (label: string, value: string | null, onChange: (id: string) => void) => (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 220 }}
    >
      {candidates.map((b) => (
        <MenuItem key={b.unique_question_id} value={b.unique_question_id}>
          {b.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Section title={t('analytics.crosstab.title')}>
      {candidates.length < 2 ? (
        <Typography variant="body2">{t('analytics.crosstab.tooFew')}</Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            {picker(t('analytics.crosstab.rows'), rowId, setRowId)}
            {picker(t('analytics.crosstab.columns'), columnId, setColumnId)}
          </Box>
          {rowId === columnId ? (
            <Typography variant="body2">{t('analytics.crosstab.choose')}</Typography>
          ) : null}
          {crosstab.data && rowId !== columnId ? (
            <CrosstabTable
              data={crosstab.data}
              caption={`${labelOf(rowId)} × ${labelOf(columnId)}`}
              multiple={multiple}
            />
          ) : null}
        </>
      )}
    </Section>
  );
}
