import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFiltersInput } from '../../../contract/analytics.ts';
import { formatDate } from '../../i18n/date.ts';
import { useAnswers } from './analytics-api.ts';
import { formatShare, NONE } from './format.ts';
import { Pager, usePaging } from './Pager.tsx';
import { ScrollRegion } from './ScrollRegion.tsx';

const PAGE_SIZES = [10, 25, 50, 100];
/** Typing pauses this long before the search asks the server. */
const SEARCH_DELAY_MS = 300;
/**
 * An answer's cell breaks a long word where it must, but keeps a width of its own: 'anywhere' alone
 * lets the table squeeze it on a phone until every word is broken.
 */
const ANSWER_CELL = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: '10rem' } as const;

/**
 * A free-text block's answers (POST /api/analytics/answers): searchable and paged, with the branch the
 * classifier chose, its confidence, and the follow-up answer beside the answer.
 */
export function TextAnswers(props: {
  surveyId: string;
  uniqueQuestionId: string;
  filters: AnalyticsFiltersInput;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const paging = usePaging();
  const { page, setPage, pageSize } = paging;
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, setPage]);
  const answers = useAnswers(props.surveyId, props.uniqueQuestionId, props.filters, {
    search,
    page,
    pageSize,
  });
  const rows = answers.data?.rows ?? [];

  return (
    <Box>
      <TextField
        size="small"
        type="search"
        label={t('analytics.answers.search')}
        value={typed}
        onChange={(e) => setTyped(e.target.value.slice(0, 200))}
        sx={{ mb: 1, minWidth: 260 }}
      />
      {answers.isFetching ? <LinearProgress /> : null}
      <ScrollRegion label={t('analytics.answers.tableRegion')}>
        <Table size="small" aria-label={t('analytics.answers.value')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('analytics.answers.value')}</TableCell>
              <TableCell>{t('analytics.answers.branch')}</TableCell>
              <TableCell align="right">{t('analytics.answers.confidence')}</TableCell>
              <TableCell>{t('analytics.answers.followup')}</TableCell>
              <TableCell>{t('analytics.answers.date')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={`${row.session_id}-${row.created_on}`}>
                <TableCell sx={ANSWER_CELL}>{row.value}</TableCell>
                <TableCell>
                  {row.branch ?? (row.confidence === null ? NONE : t('analytics.results.noneBranch'))}
                </TableCell>
                <TableCell align="right">{formatShare(row.confidence)}</TableCell>
                <TableCell sx={ANSWER_CELL}>{row.followup ?? NONE}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_on, 'Pp')}</TableCell>
              </TableRow>
            ))}
            {answers.data && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>{t('analytics.answers.empty')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </ScrollRegion>
      <Pager paging={paging} count={answers.data?.total ?? 0} sizes={PAGE_SIZES} />
    </Box>
  );
}
