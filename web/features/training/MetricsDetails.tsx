import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TrainingMetrics } from '../../../contract/training.ts';
import { type Confusion, measured, percent } from './training-rules.ts';

interface Props {
  metrics: TrainingMetrics;
  /** The matrix in the block's order (orderConfusion). */
  confusion: Confusion;
  labelOf(branch: string): string;
}

/** A figure without anything to measure: no examples of the branch, or no answer routed to it. */
const NOT_MEASURED = '–';

/**
 * 'Details' of the cross-validated metrics, for those who want them: precision and recall per branch,
 * the confusion matrix (a table with row and column headers and its reading as caption) and the
 * misrouted examples.
 */
export function MetricsDetails({ metrics, confusion, labelOf }: Props) {
  const { t, i18n } = useTranslation();
  const pct = (v: number) => percent(v, i18n.language);
  const rank = (b: string) => confusion.labels.indexOf(b);
  const perBranch = [...metrics.per_branch].sort((a, b) => rank(a.branch) - rank(b.branch));
  return (
    <Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={`${t('training.precision')} / ${t('training.recall')}`}>
          <TableHead>
            <TableRow>
              <TableCell>{t('training.branch')}</TableCell>
              <TableCell align="right">{t('training.precision')}</TableCell>
              <TableCell align="right">{t('training.recall')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {perBranch.map((row) => {
              const has = measured(confusion, row.branch);
              return (
                <TableRow key={row.branch}>
                  <TableCell>{labelOf(row.branch)}</TableCell>
                  <TableCell align="right">{has.precision ? pct(row.precision) : NOT_MEASURED}</TableCell>
                  <TableCell align="right">{has.recall ? pct(row.recall) : NOT_MEASURED}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {t('training.confusion')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label={t('training.confusion')}
          sx={{ '& caption': { captionSide: 'top', pt: 0, px: 0 } }}
        >
          <caption>{t('training.confusionHint')}</caption>
          <TableHead>
            <TableRow>
              <TableCell>
                {t('training.expected')} \ {t('training.predicted')}
              </TableCell>
              {confusion.labels.map((l) => (
                <TableCell key={l} align="right" scope="col">
                  {labelOf(l)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {confusion.labels.map((l, i) => (
              <TableRow key={l}>
                <TableCell component="th" scope="row">
                  {labelOf(l)}
                </TableCell>
                {confusion.matrix[i]?.map((n, j) => (
                  <TableCell
                    key={confusion.labels[j]}
                    align="right"
                    sx={i === j ? { fontWeight: 'bold' } : n > 0 ? { color: 'error.textShade' } : undefined}
                  >
                    {n}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {t('training.misrouted')}
      </Typography>
      {metrics.misrouted.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('training.noMisrouted')}
        </Typography>
      ) : (
        <List dense aria-label={t('training.misrouted')}>
          {metrics.misrouted.map((m) => (
            <ListItem key={`${m.expected}|${m.predicted}|${m.text}`} disableGutters>
              <ListItemText
                sx={{ overflowWrap: 'anywhere' }}
                primary={m.text}
                secondary={`${t('training.expected')}: ${labelOf(m.expected)} · ${t('training.predicted')}: ${labelOf(m.predicted)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
