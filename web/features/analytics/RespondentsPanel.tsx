import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFiltersInput, RespondentsResponse } from '../../../contract/analytics.ts';
import { ItemConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatDate } from '../../i18n/date.ts';
import { reportCallError } from '../../lib/report-error.ts';
import { useDeleteRespondent, useRespondents } from './analytics-api.ts';
import { formatCount } from './format.ts';
import { Pager, usePaging } from './Pager.tsx';
import { Section } from './Section.tsx';
import { TranscriptDialog } from './TranscriptDialog.tsx';

const PAGE_SIZES = [10, 25, 50];

type Respondent = RespondentsResponse['rows'][number];

/** The sessions that pass the filters: open one's transcript, or delete its data after a confirm. */
export function RespondentsPanel(props: { surveyId: string; filters: AnalyticsFiltersInput }) {
  const { t } = useTranslation();
  const paging = usePaging();
  const { page, pageSize } = paging;
  // The session id is the key of the calls; the running number ('Nr.') is what the author reads.
  const [reading, setReading] = useState<Respondent | null>(null);
  const [deleting, setDeleting] = useState<Respondent | null>(null);
  const respondents = useRespondents(props.surveyId, props.filters, { page, pageSize });
  const remove = useDeleteRespondent(props.surveyId);
  const rows = respondents.data?.rows ?? [];

  const confirmDelete = (respondent: Respondent) =>
    remove.mutate(respondent.session_id, {
      onError: (failure) => reportCallError(t('analytics.respondents.deleteFailed'), failure),
    });

  return (
    <Section title={t('analytics.respondents.title')}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('analytics.respondents.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('analytics.respondents.session')}</TableCell>
              <TableCell>{t('analytics.respondents.mode')}</TableCell>
              <TableCell>{t('analytics.respondents.started')}</TableCell>
              <TableCell>{t('analytics.respondents.finished')}</TableCell>
              <TableCell align="right">{t('analytics.respondents.answers')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.session_id}>
                <TableCell component="th" scope="row">
                  {r.number}
                </TableCell>
                <TableCell>{t(`analytics.respondents.${r.mode}`)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.started_at, 'Pp')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {r.finished_at === null ? t('analytics.respondents.open') : formatDate(r.finished_at, 'Pp')}
                </TableCell>
                <TableCell align="right">{formatCount(r.answers)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => setReading(r)}>
                    {t('analytics.respondents.transcript')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setDeleting(r)}>
                    {t('analytics.respondents.delete')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {respondents.data && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>{t('analytics.respondents.empty')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Box>
      <Pager paging={paging} count={respondents.data?.total ?? 0} sizes={PAGE_SIZES} />
      <TranscriptDialog
        surveyId={props.surveyId}
        sessionId={reading?.session_id ?? null}
        number={reading?.number ?? null}
        onClose={() => setReading(null)}
      />
      <ItemConfirmDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        title={t('analytics.respondents.deleteTitle')}
        text={t('analytics.respondents.deleteText', { number: deleting?.number ?? '' })}
        confirmLabel={t('analytics.respondents.delete')}
      />
    </Section>
  );
}
