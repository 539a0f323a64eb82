import { useTheme } from '@mui/material/styles';
import { MiniMap } from '@xyflow/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { GraphNode } from './graph-model.ts';

/**
 * The overview of the whole dialog (a big one is fitted at its start, readable-fit.ts): drag or scroll
 * in it to move and zoom the view. Markers in their colours, blocks in grey; hidden on phones (GraphStyles),
 * where it would cover half the graph.
 */
export function GraphMiniMap() {
  const { t } = useTranslation();
  const theme = useTheme();
  const color = useCallback(
    (n: GraphNode) => {
      if (n.type !== 'marker') return theme.palette.text.disabled;
      return n.data.kind === 'start' ? theme.palette.success.main : theme.palette.error.main;
    },
    [theme],
  );
  return (
    <MiniMap<GraphNode>
      pannable
      zoomable
      ariaLabel={t('configurator.graph.minimap')}
      nodeColor={color}
      nodeStrokeWidth={0}
      style={{ width: 160, height: 120 }}
      bgColor={theme.palette.background.paper}
      maskColor={theme.palette.action.hover}
    />
  );
}
