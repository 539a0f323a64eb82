import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a screen fails to render or its code cannot be loaded (e.g. after a new release). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" onClick={() => window.location.reload()}>
          {t('banner.reload')}
        </Button>
      }
    >
      {t('messages.errorDialogDefault')}
    </Alert>
  );
}
