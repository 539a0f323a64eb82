import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CopyField } from '../../components/CopyField.tsx';
import { useHeldDialog } from '../../lib/held-dialog.ts';
import { embedSnippet } from './embed-snippet.ts';
import { useLinkFields } from './share-api.ts';
import { panelLink, publicDialogLink } from './share-rules.ts';
import { TeamPanel } from './TeamPanel.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }} aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * /share/{survey_id} ('Teilen'): the team popup's content inline, the dialog's public link with its QR
 * code, the panel link when the dialog has hidden fields, and the widget embed snippet. Holds the dialog for the tab bar and breadcrumbs.
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
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Section title={t('share.title')}>
          <TeamPanel surveyId={surveyId} />
        </Section>
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
                value={embedSnippet(surveyId, origin, dialog?.accent_color)}
                copyLabel={t('share.copySnippet')}
                multiline
              />
            </Stack>
          </Section>
        </Stack>
      </Box>
    </Box>
  );
}
