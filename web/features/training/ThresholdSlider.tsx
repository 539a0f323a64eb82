import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value: number;
  onSave(threshold: number): void;
}

/** The block's confidence threshold, 0–1 in steps of 0.05; saved when the thumb is released. */
export function ThresholdSlider({ value, onSave }: Props) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(value);
  return (
    <Box sx={{ mt: 2, maxWidth: 420 }}>
      <Typography id="training-threshold" variant="subtitle2">
        {t('training.threshold')}: {current.toFixed(2)}
      </Typography>
      <Slider
        aria-labelledby="training-threshold"
        min={0}
        max={1}
        step={0.05}
        value={current}
        valueLabelDisplay="auto"
        onChange={(_, v) => setCurrent(v)}
        onChangeCommitted={(_, v) => {
          if (v !== value) onSave(v);
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('training.thresholdHint')}
      </Typography>
    </Box>
  );
}
