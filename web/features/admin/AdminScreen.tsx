import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccount } from '../../api/account-api.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { UsersPanel } from './UsersPanel.tsx';

/**
 * /admin ('Administration'). The admin calls answer 403 to other accounts and the author client signs
 * out on 403, so the screen asks the account first and calls them only for admins. The audit log
 * ('Protokoll') is a screen of its own, linked from here.
 */
export default function AdminScreen() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {t('screens.Admin')}
        </Typography>
        {account.data?.is_admin ? (
          <Button component={RouterLink} to="/protokoll" variant="outlined">
            {t('screens.Protokoll')}
          </Button>
        ) : null}
      </Box>
      {account.isPending ? <PageLoading label={t('common.loading')} /> : null}
      {account.isError ? <Alert severity="error">{t('account.loadFailed')}</Alert> : null}
      {account.data && !account.data.is_admin ? (
        <Alert severity="warning">{t('admin.noAccess')}</Alert>
      ) : null}
      {account.data?.is_admin ? <UsersPanel /> : null}
    </Box>
  );
}
