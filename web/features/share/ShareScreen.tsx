import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ColumnGrid } from '../../components/ColumnGrid.tsx';
import { CopyField } from '../../components/CopyField.tsx';
import { Section } from '../../components/Section.tsx';
import { useHeldDialog } from '../../lib/held-dialog.ts';
import { embedSnippet } from './embed-snippet.ts';
import { useLinkFields } from './share-api.ts';
import { panelLink, publicDialogLink } from './share-rules.ts';
import { TeamPanel } from './TeamPanel.tsx';

/**
 * /share/{survey_id} ('Teilen'): the team popup's content inline, the dialog's public link with its QR
 * code, the panel link when the dialog has hidden fields, and the widget embed snippet; for the owner, the
 * way to the dialog's audit log. Holds the dialog for the tab bar and breadcrumbs.
 */
export default function ShareScreen() {
  const { t } = useTranslation();
  const surveyId = useParams().survey_id ?? '';
  const { dialog, error } = useHeldDialog(surveyId);
  const origin = window.location.origin;
  const link = publicDialogLink(origin, surveyId);
  const fieldNames = useLinkFields(surveyId).data?.fields.map((f) => f.name) ?? [];

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('screens.Share')}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.msg || t('share.dialogLoadFailed')}
        </Alert>
      ) : null}
      <ColumnGrid columns={{ xs: '1fr', md: '1fr 1fr' }}>
        <Stack spacing={2}>
          <Section title={t('share.title')}>
            <TeamPanel surveyId={surveyId} />
          </Section>
          {dialog?.role === 'owner' ? (
            <Section title={t('screens.Protokoll')}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {t('audit.ownerLog')}
              </Typography>
              <Button component={RouterLink} to={`/protokoll/${surveyId}`} variant="outlined">
                {t('audit.openLog')}
              </Button>
            </Section>
          ) : null}
        </Stack>
        <Stack spacing={2}>
          <Section title={t('share.publicLink')}>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {t('share.publicLinkHint')}
              </Typography>
              <CopyField label={t('share.publicLink')} value={link} copyLabel={t('share.copyLink')} />
              <Box sx={{ alignSelf: 'center', p: 1.5, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }}>
                <QRCodeSVG
                  value={link}
                  size={180}
                  marginSize={1}
                  title={t('share.qrCode')}
                  role="img"
                  aria-label={t('share.qrCode')}
                />
              </Box>
            </Stack>
          </Section>
          {fieldNames.length > 0 ? (
            <Section title={t('panel.panelLink')}>
              <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                  {t('panel.panelLinkHint', { placeholder: '{{…}}' })}
                </Typography>
                <CopyField
                  label={t('panel.panelLink')}
                  value={panelLink(link, fieldNames)}
                  copyLabel={t('panel.copyPanelLink')}
                  multiline
                />
              </Stack>
            </Section>
          ) : null}
          <Section title={t('share.embed')}>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {t('share.embedHint')}
              </Typography>
              <CopyField
                label={t('share.embed')}
                value={embedSnippet(surveyId, origin, dialog?.accent_color, fieldNames)}
                copyLabel={t('share.copySnippet')}
                multiline
              />
            </Stack>
          </Section>
        </Stack>
      </ColumnGrid>
    </Box>
  );
}
