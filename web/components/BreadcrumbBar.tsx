import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useRouteMeta } from '../route-context.ts';
import { useDialogStore } from '../state/dialog.ts';
import { useThemeModeStore } from '../state/theme-mode.ts';
import { type BreadcrumbName, breadcrumbModel } from './breadcrumbs.ts';
import { Logo } from './Logo.tsx';
import { pickLogoValue, productLogo } from './logo.ts';

function useNameText(name: BreadcrumbName): string {
  const { t } = useTranslation();
  return 'text' in name ? name.text : t(`nav.${name.label}`);
}

function DialogName({ name }: { name: BreadcrumbName }) {
  const text = useNameText(name);
  return (
    <Typography component="span" noWrap sx={{ fontWeight: 600, minWidth: 0 }} data-testid="breadcrumb-name">
      {text}
    </Typography>
  );
}

/** The breadcrumb bar at the left of the admin top bar (SPEC §2, "Breadcrumb bar"). */
export function BreadcrumbBar() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const { survey_id } = useParams();
  const dialog = useDialogStore((s) => s.dialog);
  const clientConfig = useDialogStore((s) => s.clientConfig);
  const product = productLogo(useThemeModeStore((s) => s.mode));
  const model = breadcrumbModel({ routeName: meta.name, pathname, surveyId: survey_id, dialog });

  if (model.kind === 'logo') {
    const onClick = (event: MouseEvent) => {
      if (!model.reload) return;
      event.preventDefault();
      window.location.reload();
    };
    // The assessment chat may carry the dialog's own logo; elsewhere the product logo.
    const value =
      meta.name === 'Assess'
        ? (pickLogoValue(clientConfig?.config?.logo_src, dialog?.logo_src) ?? product)
        : product;
    return (
      <Link component={RouterLink} to="/dashboard" onClick={onClick} aria-label={t('nav.toDashboard')}>
        <Logo value={value} alt={t('common.productName')} />
      </Link>
    );
  }

  return (
    <Box
      component="nav"
      aria-label={t('nav.breadcrumbs')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
    >
      <Link
        component={RouterLink}
        to="/dashboard"
        underline="hover"
        color="inherit"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}
      >
        <ArrowBackIcon fontSize="small" />
        {t('nav.dashboard')}
      </Link>
      <Typography component="span" color="text.secondary" aria-hidden>
        /
      </Typography>
      {model.name ? <DialogName name={model.name} /> : null}
    </Box>
  );
}
