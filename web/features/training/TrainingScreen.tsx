import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { ColumnGrid } from '../../components/ColumnGrid.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useHeldDialog } from '../../lib/held-dialog.ts';
import { blockTitle } from '../../lib/preview-text.ts';
import { BlockTraining } from './BlockTraining.tsx';
import { useDialogBlocks } from './training-api.ts';
import { trainableBlocks } from './training-rules.ts';

/**
 * /intrance/{survey_id} ('Trainieren', issue 6): the dialog's free-text blocks on the left; for the one
 * selected, examples per branch, training with its metrics, the confidence threshold and the inbox.
 */
export default function TrainingScreen() {
  const { t, i18n } = useTranslation();
  const surveyId = useParams().survey_id ?? '';
  const held = useHeldDialog(surveyId);
  const dialog = useDialogBlocks(surveyId);
  const [params] = useSearchParams();
  // ?block= (a link of the pre-flight check) selects that block first.
  const [selected, setSelected] = useState<string | null>(() => params.get('block'));
  const blocks = dialog.data ?? [];
  const trainable = trainableBlocks(blocks);
  const block = trainable.find((b) => b.unique_question_id === selected) ?? trainable[0];
  const failed = held.error !== null || dialog.error !== null;
  const errorText = held.error?.msg || (dialog.error instanceof ApiError ? dialog.error.msg : '');

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', minWidth: 0 }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {t('screens.Intrance')}
      </Typography>
      {failed ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText || t('training.loadFailed')}
        </Alert>
      ) : null}
      {!dialog.data && !failed ? <PageLoading /> : null}
      {dialog.data && trainable.length === 0 ? <Alert severity="info">{t('training.noBlocks')}</Alert> : null}
      {block ? (
        // minmax(0, …): a column shrinks below its content's width (long texts wrap instead).
        <ColumnGrid columns={{ xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' }}>
          <Paper variant="outlined" component="nav" aria-label={t('training.blocks')} sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
              {t('training.blocks')}
            </Typography>
            <List dense>
              {trainable.map((b) => {
                const current = b.unique_question_id === block.unique_question_id;
                return (
                  <ListItem key={b.unique_question_id} disablePadding>
                    <ListItemButton
                      selected={current}
                      aria-current={current ? 'true' : undefined}
                      onClick={() => setSelected(b.unique_question_id)}
                    >
                      <ListItemText
                        primary={blockTitle(b, i18n.language)}
                        secondary={b.options.join(' · ')}
                        sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          </Paper>
          <BlockTraining key={block.unique_question_id} surveyId={surveyId} block={block} blocks={blocks} />
        </ColumnGrid>
      ) : null}
    </Box>
  );
}
