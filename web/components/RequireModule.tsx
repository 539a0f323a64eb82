import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useHeldDialog } from '../lib/held-dialog.ts';
import { type ModuleKey, moduleTabs } from './module-tabs.ts';
import { PageLoading } from './PageLoading.tsx';

/**
 * A module screen opened by its address (a bookmark, a shared link) for a dialog whose role or flags do
 * not allow it: the screen's calls would answer 403, which signs the author out (SPEC §8). The held
 * dialog tells first, and such an author reads why instead. Other failures are the screen's to show.
 */
export function RequireModule({
  surveyId,
  module,
  children,
}: {
  surveyId: string;
  module: ModuleKey;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { dialog, error } = useHeldDialog(surveyId);
  if (error) return children;
  if (!dialog) return <PageLoading />;
  const tab = moduleTabs(dialog).find((m) => m.key === module);
  if (!tab?.disabled) return children;
  const reason = dialog[tab.flag] === 0 ? t('moduleAccess.off') : t('moduleAccess.role');
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', p: 3 }}>
      <Alert
        severity="info"
        action={
          <Button
            component={RouterLink}
            to="/dashboard"
            color="inherit"
            size="small"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t('nav.toDashboard')}
          </Button>
        }
      >
        {reason}
      </Alert>
    </Box>
  );
}
