import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AddIcon from '@mui/icons-material/Add';
import HistoryIcon from '@mui/icons-material/History';
import LayersIcon from '@mui/icons-material/Layers';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import RedoIcon from '@mui/icons-material/Redo';
import SettingsIcon from '@mui/icons-material/Settings';
import UndoIcon from '@mui/icons-material/Undo';
import ViewListIcon from '@mui/icons-material/ViewList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController } from './context.ts';
import { loadGraphView } from './graph/graph-loader.ts';
import { BlockTypeMenu } from './list/BlockTypeMenu.tsx';
import { canRedo, canUndo } from './model/history.ts';
import { PreflightButton } from './PreflightButton.tsx';
import { saveStatus, useConfiguratorStore } from './store.ts';

export type View = 'list' | 'graph';
export type Panel = 'settings' | 'media' | 'history' | 'versions';

/** The side panels' toggles in their order, with their icons (a phone shows only these). */
const PANEL_TOGGLES = [
  ['settings', SettingsIcon],
  ['media', PermMediaIcon],
  ['history', HistoryIcon],
  ['versions', LayersIcon],
] as const satisfies readonly (readonly [Panel, typeof SettingsIcon])[];

interface Props {
  view: View;
  onView(view: View): void;
  panel: Panel | null;
  onPanel(panel: Panel | null): void;
  onCreated(id: string | undefined): void;
  surveyId: string;
}

/** View switch, new block, undo and redo, save status, and the side panels (on a phone by their icons). */
export function ConfiguratorToolbar({ view, onView, panel, onPanel, onCreated, surveyId }: Props) {
  const { t } = useTranslation();
  const controller = useController();
  const history = useConfiguratorStore((s) => s.history);
  const status = useConfiguratorStore(saveStatus);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        aria-label={t('configurator.view.label')}
        onChange={(_, next: View | null) => next && onView(next)}
      >
        <ToggleButton value="list" aria-label={t('configurator.view.list')}>
          <ViewListIcon fontSize="small" sx={{ mr: 0.5 }} />
          {t('configurator.view.list')}
        </ToggleButton>
        <ToggleButton
          value="graph"
          aria-label={t('configurator.view.graph')}
          onMouseEnter={() => void loadGraphView()}
          onFocus={() => void loadGraphView()}
        >
          <AccountTreeIcon fontSize="small" sx={{ mr: 0.5 }} />
          {t('configurator.view.graph')}
        </ToggleButton>
      </ToggleButtonGroup>
      <Button variant="contained" startIcon={<AddIcon />} onClick={(e) => setMenu(e.currentTarget)}>
        {t('configurator.toolbar.addBlock')}
      </Button>
      <BlockTypeMenu
        anchor={menu}
        onClose={() => setMenu(null)}
        onPick={async (type) => onCreated((await controller.createBlock(type))?.unique_question_id)}
      />
      <Tooltip title={t('configurator.toolbar.undo')} disableInteractive>
        <span>
          <IconButton
            aria-label={t('configurator.toolbar.undo')}
            disabled={!canUndo(history)}
            onClick={() => void controller.undo()}
          >
            <UndoIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('configurator.toolbar.redo')} disableInteractive>
        <span>
          <IconButton
            aria-label={t('configurator.toolbar.redo')}
            disabled={!canRedo(history)}
            onClick={() => void controller.redo()}
          >
            <RedoIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Typography
        variant="caption"
        color={status === 'saving' || status === 'saved' ? 'text.secondary' : 'warning.dark'}
        role="status"
        aria-live="polite"
        data-testid="save-status"
        data-status={status}
      >
        {t(`configurator.toolbar.${status}`)}
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      <PreflightButton surveyId={surveyId} />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={panel}
        onChange={(_, next: Panel | null) => onPanel(next)}
      >
        {PANEL_TOGGLES.map(([value, Icon]) => (
          <ToggleButton key={value} value={value} aria-label={t(`configurator.toolbar.${value}`)}>
            <Icon fontSize="small" sx={{ mr: { sm: 0.5 } }} />
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t(`configurator.toolbar.${value}`)}
            </Box>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}
