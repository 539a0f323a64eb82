import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExampleRoute } from '../../../contract/training.ts';
import { thresholdEffect } from './plain-metrics.ts';
import { percent, roundThreshold, THRESHOLD_STEP } from './training-rules.ts';

interface Props {
  value: number;
  onSave(threshold: number): void;
  /** The cross-validated routes of the newest model's examples: what the shown value does to them. */
  routes?: readonly ExampleRoute[] | undefined;
}

/** How long keyboard steps wait for the next one before the value is saved. */
export const KEY_SAVE_DELAY_MS = 600;

/** MUI commits on every key step (keydown) and on the hidden range input's change; a pointer on release. */
const isKeyStep = (event: { type: string }) => event.type === 'keydown' || event.type === 'change';

/**
 * The block's confidence threshold, 0–100 % in whole percent (a stored default like 0.2875 shows as
 * 29 %, and keyboard steps from it land on the grid). The shown value follows every step; it is saved
 * when the thumb is released, and after keyboard steps once they pause (KEY_SAVE_DELAY_MS), when the
 * slider loses focus, or when it goes away; not once per step. Below it, while it moves: what the
 * shown value does to the author's examples (right, to 'keiner davon', to a wrong branch).
 */
export function ThresholdSlider({ value, onSave, routes }: Props) {
  const { t, i18n } = useTranslation();
  const [current, setCurrent] = useState(value);
  /** Keyboard steps not saved yet: the value and its timer. */
  const pending = useRef<{ value: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const latest = useRef({ value, onSave });
  useEffect(() => {
    latest.current = { value, onSave };
  });
  const commit = useCallback((next: number) => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    if (next !== latest.current.value) latest.current.onSave(next);
  }, []);
  const flush = useCallback(() => {
    if (pending.current) commit(pending.current.value);
  }, [commit]);
  // A new stored value (the save came back, or another change) shows unless keyboard steps wait.
  useEffect(() => {
    if (!pending.current) setCurrent(value);
  }, [value]);
  // Steps still waiting when the slider goes away are saved.
  useEffect(() => flush, [flush]);
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
        onChangeCommitted={(event, v) => {
          const next = roundThreshold(v);
          if (!isKeyStep(event)) {
            commit(next);
            return;
          }
          if (pending.current) clearTimeout(pending.current.timer);
          pending.current = { value: next, timer: setTimeout(() => commit(next), KEY_SAVE_DELAY_MS) };
        }}
        onBlur={flush}
      />
      <Typography variant="body2" color="text.secondary">
        {t('training.thresholdHint')}
      </Typography>
      {routes && routes.length > 0 ? (
        <Typography variant="body2" sx={{ mt: 0.5 }} aria-live="polite" data-testid="threshold-effect">
          {t('training.thresholdEffect', thresholdEffect(routes, current))}
        </Typography>
      ) : null}
    </Box>
  );
}
