import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import type { Dialog } from '../../../contract/dialogs.ts';
import type { ApiClient } from '../../api/client.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { takeDialogLoadedForPage } from '../../lib/held-dialog.ts';
import { useApi } from '../../route-context.ts';
import { useDialogStore } from '../../state/dialog.ts';
import { configuratorApi } from './api.ts';
import { ConfiguratorToolbar, type Panel, type View } from './ConfiguratorToolbar.tsx';
import { ControllerContext } from './context.ts';
import { createController } from './controller.ts';
import { loadGraphView, useGraphView } from './graph/graph-loader.ts';
import { NodePanel } from './graph/NodePanel.tsx';
import { HistoryPanel } from './history/HistoryPanel.tsx';
import { BlockList } from './list/BlockList.tsx';
import { MediaPanel } from './media/MediaPanel.tsx';
import { Notices } from './Notices.tsx';
import { SidePanel } from './SidePanel.tsx';
import { SettingsPanel } from './settings/SettingsPanel.tsx';
import { useShellSync } from './shell-sync.ts';
import { useConfiguratorStore, useWarnBeforeUnload } from './store.ts';
import { useUndoShortcuts } from './use-undo-shortcuts.ts';
import { LiveBanner } from './versions/LiveBanner.tsx';
import { useVersionsRefresh } from './versions/use-versions-refresh.ts';
import { VersionControls } from './versions/VersionControls.tsx';
import { VersionsPanel } from './versions/VersionsPanel.tsx';
import { visuallyHidden } from './visually-hidden.ts';

/**
 * The dialog's first load, handed out once (a later load of the same id asks anew): what the route
 * guard has just loaded for this page (the same data; asking twice cost a second round trip of the
 * whole dialog), else a call started at once.
 */
function earlyLoad(api: ApiClient, surveyId: string, pageKey: string) {
  const loaded = takeDialogLoadedForPage(surveyId, pageKey);
  let request: Promise<Dialog> | undefined = loaded
    ? Promise.resolve(loaded)
    : configuratorApi(api).load(surveyId);
  // Failures are reported by the load that takes it; this keeps an unused one from being unhandled.
  request.catch(() => undefined);
  return {
    take() {
      const taken = request;
      request = undefined;
      return taken;
    },
  };
}

// Opened at the graph: its code downloads while the route guard checks the session and loads the
// dialog, rather than after (this module is fetched as soon as the route is known).
const { pathname, search } = window.location;
if (pathname.startsWith('/configurator/') && new URLSearchParams(search).get('view') === 'graph') {
  void loadGraphView();
}

const PANELS = {
  settings: SettingsPanel,
  media: MediaPanel,
  history: HistoryPanel,
  versions: VersionsPanel,
} as const;

/**
 * The configurator (/configurator/{survey_id}): the blocks as a list or a graph, settings, media, the
 * change history and the versions.
 */
export default function ConfiguratorScreen() {
  const { t } = useTranslation();
  return (
    <>
      {/* Hidden from view, there for screen readers: the breadcrumbs already show where the author is. */}
      <Typography component="h1" sx={visuallyHidden}>
        {t('screens.configurator')}
      </Typography>
      <Configurator />
    </>
  );
}

function Configurator() {
  const { t } = useTranslation();
  const { survey_id: surveyId = '' } = useParams();
  const api = useApi();
  const controller = useMemo(() => createController(configuratorApi(api)), [api]);
  const loaded = useConfiguratorStore((s) => s.dialog !== null && s.surveyId === surveyId);
  const loadError = useConfiguratorStore((s) => s.loadError);
  const busy = useConfiguratorStore((s) => s.busy > 0);
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'graph' ? 'graph' : 'list';
  const [panel, setPanel] = useState<Panel | null>(null);
  // Asked for while rendering, so the graph's code downloads alongside the dialog data.
  if (view === 'graph') void loadGraphView();
  const GraphView = useGraphView(view === 'graph');
  const [selected, setSelected] = useState<string | null>(null);
  const [revealId, setRevealId] = useState<string | null>(null);
  const live = useDialogStore((s) => s.dialog?.survey_id === surveyId && s.dialog.active === true);
  // A link of the pre-flight check: ?block= opens and shows the block, ?panel=settings the settings.
  const linkedBlock = params.get('block');
  const linkedPanel = params.get('panel');
  useEffect(() => {
    if (linkedBlock && loaded) {
      if (view === 'graph') setSelected(linkedBlock);
      else setRevealId(linkedBlock);
    }
    if (linkedPanel === 'settings') setPanel('settings');
  }, [linkedBlock, linkedPanel, loaded, view]);

  // The first request starts while the screen renders: React may hold back the first commit of a
  // lazily loaded screen for a moment, and the effect below would only start it then.
  const pageKey = useLocation().key;
  const [early] = useState(() => ({ surveyId, request: earlyLoad(api, surveyId, pageKey) }));
  useEffect(() => {
    void controller.load(surveyId, early.surveyId === surveyId ? early.request.take() : undefined);
  }, [controller, surveyId, early]);
  useShellSync();
  useVersionsRefresh(surveyId);
  useUndoShortcuts(controller);
  useWarnBeforeUnload();

  const setView = (next: View) => {
    setParams(next === 'graph' ? { view: 'graph' } : {}, { replace: true });
    setSelected(null);
  };
  const onSelect = useCallback((id: string | null) => {
    setSelected(id);
    if (id) setPanel(null);
  }, []);
  const onCreated = useCallback(
    (id: string | undefined) => {
      if (!id) return;
      if (view === 'graph') setSelected(id);
      else setRevealId(id);
    },
    [view],
  );

  if (loadError) {
    return (
      <Alert
        severity="error"
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" onClick={() => void controller.load(surveyId)}>
              {t('common.retry')}
            </Button>
            <Button color="inherit" component={RouterLink} to="/dashboard">
              {t('configurator.toDashboard')}
            </Button>
          </Stack>
        }
      >
        {t('configurator.loadError')} {loadError.msg}
      </Alert>
    );
  }
  if (!loaded) return <PageLoading label={t('configurator.loading')} />;

  const PanelContent = panel ? PANELS[panel] : null;
  const nodePanel = view === 'graph' && selected && !panel;
  return (
    <ControllerContext.Provider value={controller}>
      <ConfiguratorToolbar
        view={view}
        onView={setView}
        panel={panel}
        onPanel={setPanel}
        onCreated={onCreated}
        surveyId={surveyId}
      />
      <VersionControls surveyId={surveyId} />
      {live ? <LiveBanner surveyId={surveyId} /> : null}
      <Box sx={{ height: 4, mb: 1 }}>{busy ? <LinearProgress /> : null}</Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {view === 'list' ? (
            <BlockList revealId={revealId} />
          ) : (
            <Box
              sx={{
                height: 'calc(100vh - 220px)',
                minHeight: 480,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              {GraphView ? (
                <GraphView selectedId={selected} onSelect={onSelect} />
              ) : (
                <PageLoading label={t('configurator.graph.loading')} />
              )}
            </Box>
          )}
        </Box>
        {PanelContent && panel ? (
          <SidePanel
            key={panel}
            title={t(`configurator.toolbar.${panel}`)}
            onClose={() => setPanel(null)}
            takeFocus
          >
            <PanelContent />
          </SidePanel>
        ) : null}
        {nodePanel ? (
          <SidePanel title={t('configurator.graph.nodePanel')} onClose={() => setSelected(null)}>
            <NodePanel nodeId={selected} onCreated={onCreated} />
          </SidePanel>
        ) : null}
      </Stack>
      <Notices />
    </ControllerContext.Provider>
  );
}
