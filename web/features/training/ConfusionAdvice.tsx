import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NONE_BRANCH, type TrainingMetrics } from '../../../contract/training.ts';
import { confusedExamples } from './plain-metrics.ts';

interface Props {
  branch: string;
  other: string;
  misrouted: TrainingMetrics['misrouted'];
  labelOf(branch: string): string;
}

/**
 * What to do next for one branch: the branch its examples were most often taken for, and a button that
 * shows those examples, so the author can reword or move them (or add clearer ones).
 */
export function ConfusionAdvice({ branch, other, misrouted, labelOf }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const texts = confusedExamples(misrouted, branch, other);
  const names = { branch: labelOf(branch), other: labelOf(other) };
  return (
    <Box component="li" sx={{ py: 0.5 }}>
      <Typography variant="body2" component="span">
        {other === NONE_BRANCH ? t('training.confusedNone', names) : t('training.confusedWith', names)}{' '}
      </Typography>
      {texts.length > 0 ? (
        <Button
          size="small"
          variant="text"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((v) => !v)}
          sx={{ py: 0, minWidth: 0, textTransform: 'none', verticalAlign: 'baseline' }}
        >
          {open ? t('training.hideExamples') : t('training.showExamples', { count: texts.length })}
        </Button>
      ) : null}
      {open ? (
        <Box
          component="ul"
          id={listId}
          aria-label={t('training.confusedExamples', names)}
          sx={{ mt: 0.5, mb: 0, pl: 3 }}
        >
          {texts.map((text) => (
            <Typography component="li" variant="body2" key={text} sx={{ overflowWrap: 'anywhere' }}>
              {text}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
