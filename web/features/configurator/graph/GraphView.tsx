import '@xyflow/react/dist/style.css';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  Controls,
  type EdgeChange,
  type Connection as FlowConnection,
  type IsValidConnection,
  type NodeChange,
  type OnBeforeDelete,
  Panel,
  ReactFlow,
  ReactFlowProvider,
} from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEndNodeId, isStartNodeId } from '../../../../contract/blocks.ts';
import type { Connection, NodePosition } from '../../../../contract/dialogs.ts';
import { useController } from '../context.ts';
import { useDeleteBlockConfirmation } from '../delete/DeleteBlockDialog.tsx';
import { BlockTypeMenu } from '../list/BlockTypeMenu.tsx';
import { useConfiguratorStore } from '../store.ts';
import { GraphControls } from './GraphControls.tsx';
import { GraphMiniMap } from './GraphMiniMap.tsx';
import { GraphStyles } from './GraphStyles.tsx';
import { graphAriaConfig, namedEdges, namedNodes, useKeyboardMoves } from './graph-a11y.ts';
import { GraphActionsContext } from './graph-actions.ts';
import {
  buildEdges,
  buildNodes,
  connectionFor,
  type EdgeKind,
  type GraphEdge,
  type GraphNode,
  removalFor,
  reuseEdges,
  visibleEdges,
} from './graph-model.ts';
import {
  DEFAULT_GRAPH_PREFS,
  type GraphPrefs,
  hideEdge,
  loadGraphPrefs,
  saveGraphPrefs,
} from './graph-prefs.ts';
import type { GraphViewProps } from './graph-view-props.ts';
import { autoLayout, layoutMoves, movesBack } from './layout.ts';
import { NODE_TYPES } from './nodes.tsx';
import { useReadableFit } from './readable-fit.ts';
import { DeleteTriggerButton } from './TriggerPanel.tsx';
import { triggerLinks } from './triggers.ts';
import { useTriggers } from './use-triggers.ts';

function useEdgeLook() {
  const theme = useTheme();
  return useMemo<Record<EdgeKind, Partial<GraphEdge>>>(
    () => ({
      order: { style: { stroke: theme.palette.text.disabled, strokeDasharray: '6 4' } },
      start: { style: { stroke: theme.palette.success.main, strokeWidth: 2 } },
      jump: { style: { stroke: theme.palette.primary.main, strokeWidth: 2 } },
      end: { style: { stroke: theme.palette.error.main, strokeWidth: 2 } },
      conditional: {
        style: { stroke: theme.palette.secondary.main, strokeWidth: 2 },
        labelBgPadding: [4, 2],
      },
      field: {
        style: { stroke: theme.palette.info.main, strokeWidth: 2, strokeDasharray: '8 3' },
        labelBgPadding: [4, 2],
      },
      trigger_source: {
        style: { stroke: theme.palette.accent.main, strokeDasharray: '2 4' },
        animated: true,
      },
      trigger_target: {
        style: { stroke: theme.palette.accent.main, strokeDasharray: '2 4' },
        animated: true,
      },
    }),
    [theme],
  );
}

/** Keeps the node objects xyflow already has (selection, measured size) while their block is unchanged. */
function mergeNodes(previous: GraphNode[], next: GraphNode[]): GraphNode[] {
  const byId = new Map(previous.map((n) => [n.id, n]));
  const merged = next.map((n) => {
    const old = byId.get(n.id);
    if (!old) return n;
    if (old.data === n.data && old.position.x === n.position.x && old.position.y === n.position.y) return old;
    // Size and handles come with the new node (GEOMETRY); only the selection is xyflow's.
    return { ...n, selected: old.selected } as GraphNode;
  });
  // Nothing changed (so on the first render): the same array, and xyflow does not take in every node again.
  const same = merged.length === previous.length && merged.every((n, i) => n === previous[i]);
  return same ? previous : merged;
}

function selectOnly(nodes: GraphNode[], id: string): GraphNode[] {
  if (nodes.every((n) => !!n.selected === (n.id === id))) return nodes;
  return nodes.map((n) =>
    !!n.selected === (n.id === id) ? n : ({ ...n, selected: n.id === id } as GraphNode),
  );
}

type Props = GraphViewProps;

/** Edges in right angles with rounded corners: they leave and enter nodes straight and keep off them. */
const EDGE_OPTIONS = { type: 'smoothstep', pathOptions: { borderRadius: 12, offset: 24 } } as const;

function GraphCanvas({ selectedId, onSelect }: Props) {
  const { t, i18n } = useTranslation();
  const controller = useController();
  const dialog = useConfiguratorStore((s) => s.dialog)!;
  const { survey_id: surveyId, all_questions, structure, connected_surveys } = dialog;
  const { managerId, triggers } = useTriggers(dialog);
  const links = useMemo(
    () => triggerLinks({ survey_id: surveyId, all_questions, connected_surveys }, triggers),
    [surveyId, all_questions, connected_surveys, triggers],
  );
  const [prefs, setPrefsState] = useState<GraphPrefs>(() => loadGraphPrefs(surveyId));
  const setPrefs = useCallback(
    (next: GraphPrefs) => {
      setPrefsState(next);
      saveGraphPrefs(surveyId, next);
    },
    [surveyId],
  );
  const look = useEdgeLook();
  const ariaConfig = useMemo(() => graphAriaConfig(t), [t]);

  const derivedNodes = useMemo(
    () => namedNodes(buildNodes({ all_questions, structure }, links), t, i18n.language),
    [all_questions, structure, links, t, i18n.language],
  );
  const [nodes, setNodes] = useState<GraphNode[]>(() =>
    derivedNodes.map((n) => (n.id === selectedId ? { ...n, selected: true } : n)),
  );
  useEffect(() => setNodes((prev) => mergeNodes(prev, derivedNodes)), [derivedNodes]);
  // The screen may select a node too (a block just created from a node): xyflow shows that selection,
  // also once the new node has arrived with the reloaded dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: derivedNodes is the trigger, see above
  useEffect(() => {
    if (selectedId) setNodes((prev) => selectOnly(prev, selectedId));
  }, [selectedId, derivedNodes]);

  const edgeCache = useRef(new Map<string, GraphEdge>());
  const derivedEdges = useMemo(() => {
    const all = buildEdges({ survey_id: surveyId, all_questions }, links);
    const shown = visibleEdges(all, prefs).map((e) => ({
      ...e,
      ...look[e.data!.kind],
    }));
    const reused = reuseEdges(edgeCache.current, namedEdges(shown, derivedNodes, t));
    edgeCache.current = new Map(reused.map((e) => [e.id, e]));
    return reused;
  }, [surveyId, all_questions, links, prefs, look, derivedNodes, t]);
  const [edges, setEdges] = useState<GraphEdge[]>(derivedEdges);
  useEffect(() => setEdges(derivedEdges), [derivedEdges]);
  const onEdgesChange = useCallback(
    (changes: EdgeChange<GraphEdge>[]) => setEdges((prev) => applyEdgeChanges(changes, prev)),
    [],
  );
  const selectedEdge = edges.find((e) => e.selected) ?? null;

  const isValidConnection = useCallback<IsValidConnection<GraphEdge>>(
    (c) =>
      !isStartNodeId(c.target) &&
      !isEndNodeId(c.source) &&
      !c.target.startsWith('trigger_') &&
      !c.source.startsWith('trigger_'),
    [],
  );
  const onConnect = useCallback(
    (c: FlowConnection) => void controller.connect([connectionFor(c.source, c.target, c.sourceHandle)]),
    [controller],
  );
  const onEdgesDelete = useCallback(
    (deleted: GraphEdge[]) => {
      const removals = deleted.map(removalFor).filter((c): c is Connection => c !== null);
      if (removals.length > 0) void controller.connect(removals);
    },
    [controller],
  );
  // The Delete key on selected blocks asks first (their stored answers leave Analyse and the export) and
  // deletes them on the server; xyflow itself removes nothing then. Edges alone go as before.
  const confirmDelete = useDeleteBlockConfirmation();
  const askDelete = confirmDelete.ask;
  const onBeforeDelete = useCallback<OnBeforeDelete<GraphNode, GraphEdge>>(
    async ({ nodes: doomed }) => {
      const blocks = doomed.flatMap((n) => (n.type === 'block' ? [n.data.block] : []));
      if (blocks.length === 0) return true;
      askDelete(blocks);
      return false;
    },
    [askDelete],
  );
  // 'Automatisch anordnen': the layout is saved as positions like drags (not in the change history,
  // which has no position entries); the arrangement before it can be taken back until the next drag.
  const [layoutUndo, setLayoutUndo] = useState<NodePosition[] | null>(null);
  const [layoutBusy, setLayoutBusy] = useState(false);
  // A drag's positions are saved when it stops (below); the arrow keys' moves once the keys rest.
  const saveMoves = useCallback(
    (moves: NodePosition[]) => {
      setLayoutUndo(null);
      void controller.moveNodes(moves);
    },
    [controller],
  );
  const keyMoves = useKeyboardMoves(saveMoves);
  const onNodesChange = useCallback(
    (changes: NodeChange<GraphNode>[]) => {
      keyMoves.onChanges(changes);
      setNodes((prev) => applyNodeChanges(changes, prev));
    },
    [keyMoves],
  );
  const applyMoves = useCallback(
    async (moves: readonly NodePosition[]) => {
      setLayoutBusy(true);
      try {
        await controller.moveNodes(moves);
      } finally {
        setLayoutBusy(false);
      }
    },
    [controller],
  );
  const onAutoLayout = useCallback(() => {
    const moves = layoutMoves(dialog, autoLayout(dialog));
    if (moves.length === 0) return;
    setLayoutUndo(movesBack(dialog, moves));
    void applyMoves(moves);
  }, [dialog, applyMoves]);
  const onUndoLayout = useCallback(() => {
    if (!layoutUndo) return;
    setLayoutUndo(null);
    void applyMoves(layoutUndo);
  }, [layoutUndo, applyMoves]);

  const onNodeDragStop = useCallback(
    (_: unknown, __: GraphNode, dragged: GraphNode[]) => {
      keyMoves.onDragStop();
      saveMoves(
        dragged
          .filter((n) => n.type !== 'trigger')
          .map((n) => ({ id: n.id, position: { x: Math.round(n.position.x), y: Math.round(n.position.y) } })),
      );
    },
    [keyMoves, saveMoves],
  );
  const onSelectionChange = useCallback(
    ({ nodes: selected }: { nodes: GraphNode[] }) => {
      const node = selected.find((n) => n.type !== 'trigger');
      onSelect(node ? node.id : null);
    },
    [onSelect],
  );

  const [addMenu, setAddMenu] = useState<{ anchor: HTMLElement; source: string } | null>(null);
  const actions = useMemo(
    () => ({ openAddMenu: (anchor: HTMLElement, source: string) => setAddMenu({ anchor, source }) }),
    [],
  );
  // Only the nodes in view are rendered, so the Tab key could not reach the others: while the keyboard
  // focus is in the graph, all are (a click's focus is no keyboard focus and keeps the fast rendering).
  const [keyboardInside, setKeyboardInside] = useState(false);
  // Fitted once at a readable zoom: the whole dialog, or a big one's start (so it also opens fast).
  const fitOptions = useReadableFit(nodes);

  return (
    <GraphActionsContext.Provider value={actions}>
      <GraphStyles />
      <ReactFlow<GraphNode, GraphEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onEdgesDelete={onEdgesDelete}
        onBeforeDelete={onBeforeDelete}
        onNodeDragStart={keyMoves.onDragStart}
        onNodeDragStop={onNodeDragStop}
        onSelectionChange={onSelectionChange}
        isValidConnection={isValidConnection}
        onlyRenderVisibleElements={!keyboardInside}
        onFocus={(e) => {
          if (e.target.matches(':focus-visible')) setKeyboardInside(true);
        }}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget)) setKeyboardInside(false);
        }}
        defaultEdgeOptions={EDGE_OPTIONS}
        minZoom={0.05}
        deleteKeyCode={['Delete', 'Backspace']}
        aria-label={t('configurator.graph.label')}
        ariaLabelConfig={ariaConfig}
      >
        <Background />
        <Controls fitViewOptions={fitOptions} />
        <GraphMiniMap />
        <Panel position="top-left">
          <GraphControls
            prefs={prefs}
            onChange={setPrefs}
            onReset={() => setPrefs(DEFAULT_GRAPH_PREFS)}
            onAutoLayout={onAutoLayout}
            onUndoLayout={layoutUndo ? onUndoLayout : null}
            layoutBusy={layoutBusy}
          />
        </Panel>
        {selectedEdge ? (
          <Panel position="top-right">
            <Paper elevation={2} sx={{ p: 1 }}>
              <Stack direction="row" spacing={1}>
                <Button size="small" onClick={() => setPrefs(hideEdge(prefs, selectedEdge.id))}>
                  {t('configurator.graph.hideEdge')}
                </Button>
                {managerId !== null ? (
                  <DeleteTriggerButton managerId={managerId} edge={selectedEdge} />
                ) : null}
                {removalFor(selectedEdge) ? (
                  <Button size="small" color="error" onClick={() => onEdgesDelete([selectedEdge])}>
                    {t('configurator.graph.removeEdge')}
                  </Button>
                ) : null}
              </Stack>
            </Paper>
          </Panel>
        ) : null}
      </ReactFlow>
      {confirmDelete.dialog}
      <BlockTypeMenu
        anchor={addMenu?.anchor ?? null}
        onClose={() => setAddMenu(null)}
        onPick={async (type) => {
          if (!addMenu) return;
          const created = await controller.createBlock(type, { source_node_id: addMenu.source });
          if (created?.unique_question_id) onSelect(created.unique_question_id);
        }}
      />
    </GraphActionsContext.Provider>
  );
}

/** The graph view (SPEC §2), its own lazy chunk so the list opens without it. */
export default function GraphView(props: Props) {
  return (
    <ReactFlowProvider>
      <GraphCanvas {...props} />
    </ReactFlowProvider>
  );
}
