import GlobalStyles from '@mui/material/GlobalStyles';
import { alpha, emphasize } from '@mui/material/styles';
import { GEOMETRY } from './graph-model.ts';

/**
 * The node styles, once for the graph: the sizes are exactly GEOMETRY (graph-model.ts), which the
 * graph uses for nodes it has not drawn yet. Frames are box shadows, so no border shifts the handles.
 */
export function GraphStyles() {
  return (
    <GlobalStyles
      styles={(theme) => ({
        '.cfg-node': {
          width: GEOMETRY.blockWidth,
          boxSizing: 'border-box',
          position: 'relative',
          background: theme.palette.background.paper,
          color: theme.palette.text.primary,
          borderRadius: 8,
          boxShadow: `0 0 0 2px ${theme.palette.divider}`,
          ...theme.typography.body2,
        },
        '.cfg-node.cfg-end': { boxShadow: `0 0 0 2px ${theme.palette.error.light}` },
        '.react-flow__node.selected .cfg-node': {
          boxShadow: `0 0 0 3px ${theme.palette.primary.textShade}`,
        },
        // xyflow takes the outline off focused nodes; the keyboard's focus shows on every kind of node.
        '.react-flow .react-flow__node:focus-visible': {
          outline: `2px solid ${theme.palette.primary.textShade}`,
          outlineOffset: 4,
          borderRadius: 8,
        },
        '.cfg-node-head': {
          height: GEOMETRY.blockHead,
          boxSizing: 'border-box',
          padding: '6px 12px',
          overflow: 'hidden',
        },
        '.cfg-node-meta': {
          ...theme.typography.caption,
          color: theme.palette.text.secondary,
          display: 'block',
        },
        '.cfg-node-text, .cfg-node-option': {
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        },
        '.cfg-node-option': {
          height: GEOMETRY.option,
          boxSizing: 'border-box',
          padding: '0 14px 0 12px',
          borderTop: `1px solid ${theme.palette.divider}`,
          position: 'relative',
          ...theme.typography.caption,
          lineHeight: `${GEOMETRY.option - 1}px`,
        },
        '.cfg-node-foot': { height: GEOMETRY.blockFoot },
        '.cfg-node-option .react-flow__handle': { background: theme.palette.secondary.main },
        '.cfg-node-add': {
          position: 'absolute',
          right: 4,
          bottom: 3,
          width: 22,
          height: 22,
          padding: 0,
          border: `1px solid ${theme.palette.divider}`,
          borderRadius: '50%',
          background: theme.palette.background.paper,
          color: theme.palette.primary.textShade,
          cursor: 'pointer',
          display: 'grid',
          placeItems: 'center',
          '& svg': { width: 16, height: 16, fill: 'currentColor' },
        },
        '.cfg-marker': {
          width: GEOMETRY.markerWidth,
          height: GEOMETRY.markerHeight,
          boxSizing: 'border-box',
          position: 'relative',
          display: 'grid',
          placeItems: 'center',
          borderRadius: GEOMETRY.markerHeight / 2,
          ...theme.typography.subtitle2,
        },
        '.cfg-marker.cfg-start': {
          background: theme.palette.success.main,
          color: theme.palette.success.contrastText,
        },
        '.cfg-marker.cfg-stop': {
          background: theme.palette.error.main,
          color: theme.palette.error.contrastText,
        },
        '.cfg-trigger': {
          width: GEOMETRY.triggerWidth,
          height: GEOMETRY.triggerHeight,
          boxSizing: 'border-box',
          padding: '0 10px',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          borderRadius: 4,
          background: theme.palette.background.paper,
          boxShadow: `0 0 0 1px ${theme.palette.accent.main}`,
          ...theme.typography.caption,
          lineHeight: `${GEOMETRY.triggerHeight}px`,
        },
        // xyflow's zoom, fit and lock buttons have fixed light colours: in the theme's instead, so they
        // stay visible in the dark design.
        '.react-flow__controls': {
          '--xy-controls-button-background-color': theme.palette.background.paper,
          '--xy-controls-button-background-color-hover': emphasize(theme.palette.background.paper, 0.08),
          '--xy-controls-button-color': theme.palette.text.primary,
          '--xy-controls-button-color-hover': theme.palette.text.primary,
          '--xy-controls-button-border-color': theme.palette.divider,
          '--xy-controls-box-shadow': theme.shadows[2],
        },
        // On a phone the minimap would cover a third of the graph; the view is moved by touch there.
        [theme.breakpoints.down('sm')]: { '.react-flow__minimap': { display: 'none' } },
        '.react-flow__minimap': { boxShadow: theme.shadows[2], borderRadius: 4, overflow: 'hidden' },
        // The attribution's fixed light veil and grey link were unreadable on the dark canvas.
        '.react-flow__attribution': {
          '--xy-attribution-background-color': alpha(theme.palette.background.paper, 0.85),
          a: { color: theme.palette.text.secondary },
        },
      })}
    />
  );
}
