import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account-api.ts';
import { DoneSnackbar } from '../../components/DoneSnackbar.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { ApiKeysSection } from './ApiKeysSection.tsx';
import { EmailSection } from './EmailSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';

/** /account ('Einstellungen'): names, language, e-mail, password, sign out everywhere, API keys. */
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
          <ApiKeysSection />
        </Stack>
      ) : null}
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </Box>
  );
}
