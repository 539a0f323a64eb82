import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Section } from '../../components/Section.tsx';
import { reportCallError } from '../../lib/report-error.ts';
import { endAuthorSession } from '../../state/session.ts';

/** 'Überall abmelden': revokes every refresh token of the account, then ends this browser's session. */
export function SessionsSection() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const logoutEverywhere = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await authorApi.call(endpoints.logoutEverywhere);
      endAuthorSession(t('messages.loggedOut'), 'info');
    } catch (failure) {
      reportCallError(t('account.failed'), failure);
      setBusy(false);
    }
  };

  return (
    <Section title={t('account.sessions')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('account.sessionsText')}
      </Typography>
      <Button variant="outlined" color="error" disabled={busy} onClick={() => setConfirming(true)}>
        {t('account.logoutEverywhere')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('account.logoutEverywhere')}
        text={t('account.logoutEverywhereText')}
        confirmLabel={t('account.logoutEverywhere')}
        confirmColor="error"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void logoutEverywhere()}
      />
    </Section>
  );
}
