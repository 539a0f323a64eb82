import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account-api.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { EmailSection } from './EmailSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';

/** /account ('Einstellungen'): names, language, e-mail, password, sign out everywhere. */
export default function AccountScreen() {
  const { t } = useTranslation();
  const account = useAccount();
  const [done, setDone] = useState<string | null>(null);

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('screens.Account')}
      </Typography>
      {account.isPending ? <PageLoading label={t('common.loading')} /> : null}
      {account.isError ? <Alert severity="error">{t('account.loadFailed')}</Alert> : null}
      {account.data ? (
        <Stack spacing={2}>
          <ProfileSection account={account.data} onSaved={setDone} />
          <EmailSection account={account.data} />
          <PasswordSection onSaved={setDone} />
          <SessionsSection />
        </Stack>
      ) : null}
      <Snackbar
        open={done !== null}
        autoHideDuration={4000}
        onClose={() => setDone(null)}
        message={done ?? ''}
      />
    </Box>
  );
}
