import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useHeldDialog } from '../../lib/held-dialog.ts';
import { reportCallError } from '../../lib/report-error.ts';
import { AuditFilters } from './AuditFilters.tsx';
import { AuditTable } from './AuditTable.tsx';
import { downloadAuditCsv, useAuditLog } from './audit-api.ts';
import { auditQuery, csvFileName, EMPTY_FORM } from './audit-filter.ts';

/** The dialog's name under the heading; an admin who is no member of the dialog sees its id. */
function DialogIntro({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const held = useHeldDialog(surveyId);
  return (
    <Typography color="text.secondary">
      {t('audit.dialogIntro', { name: held.dialog?.survey_name ?? surveyId })}
    </Typography>
  );
}

/**
 * /protokoll ('Protokoll'): the audit log. The server decides what shows: admins every entry, other
 * authors the entries of the dialogs they own. /protokoll/{survey_id} narrows it to one dialog (the
 * owner's way in from 'Teilen'). Filter by action, user and days; export what the filters select as CSV.
 */
export default function AuditScreen() {
  const { t } = useTranslation();
  const surveyId = useParams().survey_id;
  const [form, setForm] = useState(EMPTY_FORM);
  // The username is typed letter by letter: the query follows without a call per keystroke in flight.
  const query = auditQuery(useDeferredValue(form), surveyId);
  const log = useAuditLog(query);
  const [exporting, setExporting] = useState(false);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(query, csvFileName(new Date(), surveyId));
    } catch (failure) {
      reportCallError(t('audit.exportFailed'), failure);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('screens.Protokoll')}
        </Typography>
        {surveyId ? (
          <DialogIntro surveyId={surveyId} />
        ) : (
          <Typography color="text.secondary">{t('audit.intro')}</Typography>
        )}
        {surveyId ? (
          <Link component={RouterLink} to="/protokoll">
            {t('audit.allDialogs')}
          </Link>
        ) : null}
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <AuditFilters
          form={form}
          onChange={setForm}
          onExport={() => void exportCsv()}
          exporting={exporting}
        />
      </Paper>
      {log.isError ? (
        <Alert severity="error">
          {(log.error instanceof ApiError && log.error.msg) || t('audit.loadFailed')}
        </Alert>
      ) : null}
      {log.isPending && !log.isError ? <PageLoading /> : null}
      {log.isSuccess && entries.length === 0 ? <Typography>{t('audit.empty')}</Typography> : null}
      {entries.length > 0 ? (
        <Paper variant="outlined">
          <AuditTable entries={entries} />
        </Paper>
      ) : null}
      {log.hasNextPage ? (
        <Stack sx={{ alignItems: 'center' }}>
          <Button onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {t('audit.more')}
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}
