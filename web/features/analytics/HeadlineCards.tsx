import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsMode, Headline } from '../../../contract/analytics.ts';
import { formatCount, formatDuration, formatShare } from './format.ts';

function Figure({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <Paper variant="outlined" role="group" aria-labelledby={id} sx={{ p: 2, flex: 1 }}>
      <Typography id={id} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" data-testid="figure-value">
        {value}
      </Typography>
    </Paper>
  );
}

const HIDDEN_KEY = {
  live: 'analytics.headline.hiddenTest',
  test: 'analytics.headline.hiddenLive',
} as const;

/** Started, finished, completion rate and durations; a note on the answers the mode filter hides. */
export function HeadlineCards(props: { headline: Headline; mode: AnalyticsMode; onShowAll(): void }) {
  const { t } = useTranslation();
  const h = props.headline;
  const figures: [string, string][] = [
    [t('analytics.headline.started'), formatCount(h.started)],
    [t('analytics.headline.finished'), formatCount(h.finished)],
    [t('analytics.headline.completionRate'), formatShare(h.completion_rate)],
    [t('analytics.headline.durationMedian'), formatDuration(h.duration_median_ms)],
    [t('analytics.headline.durationMean'), formatDuration(h.duration_mean_ms)],
  ];
  return (
    <Box>
      <Box
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}
        role="list"
        aria-label={t('analytics.headline.label')}
      >
        {figures.map(([label, value]) => (
          <Box key={label} role="listitem" sx={{ display: 'flex', flex: '1 1 150px' }}>
            <Figure label={label} value={value} />
          </Box>
        ))}
      </Box>
      {h.hidden_other_mode > 0 && props.mode !== 'all' ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t(HIDDEN_KEY[props.mode], { count: h.hidden_other_mode })}
          </Typography>
          <Button size="small" onClick={props.onShowAll}>
            {t('analytics.headline.showAll')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
