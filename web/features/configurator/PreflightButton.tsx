import FactCheckIcon from '@mui/icons-material/FactCheck';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../contract/endpoints/index.ts';
import type { PreflightIssue } from '../../../contract/preflight.ts';
import { ApiError } from '../../api/client.ts';
import { authorApi } from '../../api/clients.ts';
import { PreflightList } from '../../components/PreflightList.tsx';
import { showApiError } from '../../state/error.ts';

/** 'Prüfen': the pre-flight check of going live, at any time, with a link to each place. */
export function PreflightButton({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [issues, setIssues] = useState<PreflightIssue[] | null>(null);
  const check = async () => {
    setOpen(true);
    setIssues(null);
    try {
      setIssues((await authorApi.call(endpoints.preflight, { survey_id: surveyId })).issues);
    } catch (error) {
      setOpen(false);
      if (error instanceof ApiError) showApiError(error);
    }
  };
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="outlined" startIcon={<FactCheckIcon />} onClick={() => void check()}>
        {t('preflight.check')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="preflight-title" fullWidth maxWidth="sm">
        <DialogTitle id="preflight-title">{t('preflight.title')}</DialogTitle>
        <DialogContent>
          {issues === null ? (
            <LinearProgress aria-label={t('preflight.loading')} />
          ) : (
            <PreflightList surveyId={surveyId} issues={issues} onNavigate={close} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('preflight.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
