import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useRouteMeta } from '../../route-context.ts';
import { markdownToHtml } from './markdown.ts';

/** Route name -> page name of GET /api/pages/{name}. */
export const INFO_PAGES: Record<string, string> = {
  Impressum: 'impressum',
  Impressum_tatort: 'impressum_tatort',
  BI: 'bi',
  Datenschutz: 'datenschutz',
  AGB: 'agb',
};

/**
 * The way back from an info page: to the page it was opened from, else (opened directly, e.g. from a
 * link in a mail) to the start page.
 */
function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cameFromApp = typeof window !== 'undefined' && window.history.state?.idx > 0;
  return (
    <Button
      startIcon={<ArrowBackIcon />}
      onClick={() => (cameFromApp ? void navigate(-1) : void navigate('/'))}
      sx={{ mb: 2 }}
    >
      {t('infoPage.back')}
    </Button>
  );
}

/** The public info pages; their text is the operator's markdown served by the API. */
export default function InfoPage() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const name = INFO_PAGES[meta.name] ?? 'impressum';
  const page = useQuery({
    queryKey: ['info-page', name],
    queryFn: () => authorApi.call(endpoints.page, { name }, { auth: false }),
    staleTime: 10 * 60_000,
  });
  const html = useMemo(() => (page.data ? markdownToHtml(page.data.markdown) : ''), [page.data]);

  if (page.isPending) return <PageLoading />;
  if (page.isError || !page.data) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <BackButton />
        <Alert severity="error">{t('infoPage.error')}</Alert>
      </Container>
    );
  }
  return (
    <Container component="article" maxWidth="md" sx={{ py: 3 }}>
      <BackButton />
      <Typography variant="h4" component="h1" gutterBottom>
        {page.data.title}
      </Typography>
      <Box
        className="markdown"
        sx={{
          '& a': { color: 'primary.textShade' },
          '& h2': { typography: 'h5', mt: 3 },
          '& h3': { typography: 'h6', mt: 2 },
        }}
        // Sanitised by DOMPurify in markdownToHtml.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised markdown
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Container>
  );
}
