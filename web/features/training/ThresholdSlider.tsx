import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { percent, roundThreshold, THRESHOLD_STEP } from './training-rules.ts';

interface Props {
  value: number;
  onSave(threshold: number): void;
}

/**
 * The block's confidence threshold, 0–100 % in whole percent (a stored default like 0.2875 shows as
 * 29 %, and keyboard steps from it land on the grid); saved when the thumb is released.
 */
export function ThresholdSlider({ value, onSave }: Props) {
  const { t, i18n } = useTranslation();
  const [current, setCurrent] = useState(value);
  const format = (v: number) => percent(roundThreshold(v), i18n.language);
  return (
    <Box sx={{ mt: 2, maxWidth: 420 }}>
      <Typography id="training-threshold" variant="subtitle2">
        {t('training.threshold')}: <span data-testid="training-threshold">{format(current)}</span>
      </Typography>
      <Slider
        aria-labelledby="training-threshold"
        min={0}
        max={1}
        step={THRESHOLD_STEP}
        value={current}
        valueLabelDisplay="auto"
        valueLabelFormat={format}
        getAriaValueText={format}
        onChange={(_, v) => setCurrent(roundThreshold(v))}
        onChangeCommitted={(_, v) => {
          const next = roundThreshold(v);
          if (next !== value) onSave(next);
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('training.thresholdHint')}
      </Typography>
    </Box>
  );
}
