import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainingMetrics } from '../../../contract/training.ts';
import { ConfusionAdvice } from './ConfusionAdvice.tsx';
import { MetricsDetails } from './MetricsDetails.tsx';
import { confusedWith, rightOfAll } from './plain-metrics.ts';
import { MEASURE_MIN, orderConfusion, percent, tooFewToMeasure } from './training-rules.ts';

interface Props {
  metrics: TrainingMetrics;
  options: readonly string[];
  labelOf(branch: string): string;
}

/**
 * The trained model's cross-validated metrics in plain words: how many examples were recognised, and
 * per branch what to do next; the tables (precision and recall, the confusion matrix, the misrouted
 * examples) behind 'Details'. When a branch had fewer than MEASURE_MIN examples the figures say nothing
 * (its example was judged by a model that never saw the branch): a note says so instead.
 */
export function MetricsView({ metrics, options, labelOf }: Props) {
  const { t, i18n } = useTranslation();
  const [details, setDetails] = useState(false);
  const detailsId = useId();
  const confusion = orderConfusion(metrics.confusion, options);
  const tooFew = tooFewToMeasure(confusion);
  if (tooFew.length > 0) {
    return (
      <Alert severity="info" sx={{ mt: 2 }} data-testid="training-too-few">
        {t('training.tooFewToMeasure', { min: MEASURE_MIN, branches: tooFew.map(labelOf).join(', ') })}
      </Alert>
    );
  }
  const advice = confusedWith(confusion);
  return (
    <Box>
      <Typography variant="h5" component="p" aria-label={t('training.accuracy')} sx={{ my: 1 }}>
        {t('training.accuracy')}:{' '}
        <strong data-testid="training-accuracy">{percent(metrics.accuracy, i18n.language)}</strong>
      </Typography>
      <Typography variant="body2" data-testid="training-right-of-all">
        {t('training.rightOfAll', rightOfAll(confusion))}
      </Typography>
      {advice.length > 0 ? (
        <Box
          component="ul"
          aria-label={t('training.nextSteps')}
          data-testid="training-advice"
          sx={{ listStyle: 'none', p: 0, my: 1 }}
        >
          {advice.map((a) => (
            <ConfusionAdvice
              key={a.branch}
              branch={a.branch}
              other={a.with}
              misrouted={metrics.misrouted}
              labelOf={labelOf}
            />
          ))}
        </Box>
      ) : null}
      <Button
        size="small"
        variant="outlined"
        aria-expanded={details}
        aria-controls={detailsId}
        onClick={() => setDetails((v) => !v)}
        sx={{ mt: 1 }}
      >
        {t('training.details')}
      </Button>
      {details ? (
        <Box id={detailsId} sx={{ mt: 1 }}>
          <MetricsDetails metrics={metrics} confusion={confusion} labelOf={labelOf} />
        </Box>
      ) : null}
    </Box>
  );
}
