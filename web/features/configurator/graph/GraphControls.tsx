import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { GRAPH_FLAGS, type GraphPrefs } from './graph-prefs.ts';

/**
 * The graph's toolbar: 'Automatisch anordnen' (and taking the last arrangement back), the visibility
 * switches of SPEC §2 per kind, hidden edges back, reset.
 */
export function GraphControls({
  prefs,
  onChange,
  onReset,
  onAutoLayout,
  onUndoLayout,
  layoutBusy = false,
}: {
  prefs: GraphPrefs;
  onChange(prefs: GraphPrefs): void;
  onReset(): void;
  onAutoLayout?(): void;
  /** Given while the last arrangement can be taken back. */
  onUndoLayout?: (() => void) | null;
  layoutBusy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper elevation={2} sx={{ px: 1.5, py: 0.5 }}>
      <Stack>
        {onAutoLayout ? (
          <Button
            size="small"
            variant="outlined"
            disabled={layoutBusy}
            onClick={onAutoLayout}
            sx={{ my: 0.5 }}
          >
            {t('configurator.graph.autoLayout')}
          </Button>
        ) : null}
        {onUndoLayout ? (
          <Button size="small" disabled={layoutBusy} onClick={onUndoLayout}>
            {t('configurator.graph.undoLayout')}
          </Button>
        ) : null}
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
