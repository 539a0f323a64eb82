import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusResponse } from '../../../contract/training.ts';
import { MetricsView } from './MetricsView.tsx';
import { ThresholdSlider } from './ThresholdSlider.tsx';

interface Props {
  status: StatusResponse | undefined;
  options: readonly string[];
  /** Whether at least two branches have examples (else the server refuses to train; the hint says why). */
  canTrain: boolean;
  busy: boolean;
  labelOf(branch: string): string;
  onTrain(): void;
  onThreshold(threshold: number): void;
}

const STATUS_COLOR = {
  needs_training: 'warning',
  training: 'info',
  done: 'success',
  failed: 'error',
} as const;

/**
 * 'Trainieren' with the status and progress, the threshold, and the metrics of the newest model. Without
 * examples in two branches the button is off, with the reason beside it.
 */
export function TrainPanel({ status, options, canTrain, busy, labelOf, onTrain, onThreshold }: Props) {
  const { t } = useTranslation();
  const training = status?.status === 'training';
  const blockedId = useId();
  return (
    <Paper variant="outlined" component="section" aria-label={t('training.train')} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={onTrain}
          disabled={!status || training || busy || !canTrain}
          aria-describedby={canTrain ? undefined : blockedId}
        >
          {t('training.train')}
        </Button>
        {status ? (
          <Chip
            role="status"
            color={STATUS_COLOR[status.status]}
            label={t(`training.status.${status.status}`)}
            data-testid="training-status"
          />
        ) : null}
        {status && status.version > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('training.version', { version: status.version })}
          </Typography>
        ) : null}
        {canTrain ? null : (
          <Typography
            id={blockedId}
            variant="body2"
            color="text.secondary"
            sx={{ flex: '1 1 16rem', minWidth: 0 }}
          >
            {t('training.trainTooFew')}
          </Typography>
        )}
      </Stack>
      {training ? (
        <LinearProgress
          variant="determinate"
          value={Math.round((status?.progress ?? 0) * 100)}
          aria-label={t('training.status.training')}
          sx={{ mt: 2 }}
        />
      ) : null}
      {status?.status === 'failed' ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('training.status.failed')}
        </Alert>
      ) : null}
      {status ? (
        // Not keyed by the threshold: a save coming back must not remount it (and take the focus away).
        <ThresholdSlider value={status.threshold} onSave={onThreshold} routes={status.metrics?.routes} />
      ) : null}
      {status?.metrics ? <MetricsView metrics={status.metrics} options={options} labelOf={labelOf} /> : null}
    </Paper>
  );
}
