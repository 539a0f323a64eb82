import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { GRAPH_FLAGS, type GraphPrefs } from './graph-prefs.ts';

/** The visibility switches of the graph (SPEC §2): per kind, hidden edges back, reset. */
export function GraphControls({
  prefs,
  onChange,
  onReset,
}: {
  prefs: GraphPrefs;
  onChange(prefs: GraphPrefs): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  return (
    <Paper elevation={2} sx={{ px: 1.5, py: 0.5 }}>
      <Stack>
        {GRAPH_FLAGS.map((flag) => (
          <FormControlLabel
            key={flag}
            label={t(`configurator.graph.${flag}`)}
            slotProps={{ typography: { variant: 'body2' } }}
            control={
              <Checkbox
                size="small"
                checked={prefs[flag]}
                onChange={(e) => onChange({ ...prefs, [flag]: e.target.checked })}
              />
            }
          />
        ))}
        {prefs.hiddenEdges.length > 0 ? (
          <Button size="small" onClick={() => onChange({ ...prefs, hiddenEdges: [] })}>
            {t('configurator.graph.showHidden', { count: prefs.hiddenEdges.length })}
          </Button>
        ) : null}
        <Button size="small" onClick={onReset}>
          {t('configurator.graph.reset')}
        </Button>
      </Stack>
    </Paper>
  );
}
