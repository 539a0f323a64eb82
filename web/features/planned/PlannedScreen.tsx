import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { hasContentPadding } from '../../../contract/routes.ts';
import { useRouteMeta } from '../../route-context.ts';

/**
 * The stand-in for a screen another issue builds: the shell around it and the screen's German
 * heading. One component for all of them; web/screens.tsx swaps in the real screen when it lands.
 */
export default function PlannedScreen() {
  const { t, i18n } = useTranslation();
  const meta = useRouteMeta();
  const key = `screens.${meta.name}`;
  const heading = i18n.exists(key) ? t(key as 'screens.Dashboard') : meta.title;
  return (
    <Box sx={{ p: hasContentPadding(meta.name) ? 0 : { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {heading}
      </Typography>
      <Typography color="text.secondary">{t('planned.text')}</Typography>
    </Box>
  );
}
