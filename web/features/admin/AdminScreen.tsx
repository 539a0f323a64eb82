import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account-api.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { UsersPanel } from './UsersPanel.tsx';

/**
 * /admin ('Administration'). The admin calls answer 403 to other accounts and the author client signs
 * out on 403, so the screen asks the account first and calls them only for admins.
 */
export default function AdminScreen() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('screens.Admin')}
      </Typography>
      {account.isPending ? <PageLoading label={t('common.loading')} /> : null}
      {account.isError ? <Alert severity="error">{t('account.loadFailed')}</Alert> : null}
      {account.data && !account.data.is_admin ? (
        <Alert severity="warning">{t('admin.noAccess')}</Alert>
      ) : null}
      {account.data?.is_admin ? <UsersPanel /> : null}
    </Box>
  );
}
