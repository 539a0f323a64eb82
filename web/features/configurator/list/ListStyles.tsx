import GlobalStyles from '@mui/material/GlobalStyles';
import { alpha } from '@mui/material/styles';

/** Below this row width the text beside the type, flags and actions would be too narrow to read. */
const NARROW_ROW = 640;

/**
 * The styles of the list rows, once for the whole list as plain classes: a style per element and row
 * would cost more than the rows themselves with hundreds of blocks.
 */
export function ListStyles() {
  return (
    <GlobalStyles
      styles={(theme) => ({
        // The virtualised list: only the rows near the window exist, each placed at its offset.
        '.cfg-list': { position: 'relative', margin: 0, padding: 0 },
        '.cfg-list > .cfg-row': { position: 'absolute', top: 0, left: 0, width: '100%' },
        '.cfg-row': {
          listStyle: 'none',
          border: `1px solid ${theme.palette.divider}`,
          borderRadius: theme.shape.borderRadius,
          background: theme.palette.background.paper,
          // The head lays out by the row's width (below), and a row never widens the list.
          containerType: 'inline-size',
        },
        '.cfg-row.cfg-drag-from': { opacity: 0.5 },
        '.cfg-row.cfg-drag-over': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
        '.cfg-drag-handle': {
          display: 'inline-grid',
          placeItems: 'center',
          color: theme.palette.action.active,
          cursor: 'grab',
          // A touch on the handle drags the row instead of scrolling the page.
          touchAction: 'none',
          '& svg': { width: 20, height: 20, fill: 'currentColor' },
        },
        '.cfg-fix': { background: theme.palette.action.hover },
        '.cfg-head': {
          display: 'flex',
          alignItems: 'center',
          gap: theme.spacing(1),
          padding: theme.spacing(0.5, 1),
          minHeight: 44,
          ...theme.typography.body2,
        },
        '.cfg-order': { fontWeight: 700, minWidth: 36 },
        '.cfg-label': { fontWeight: 700, minWidth: 146 },
        '.cfg-type': { ...theme.typography.caption, color: theme.palette.text.secondary, minWidth: 110 },
        '.cfg-preview': {
          flexGrow: 1,
          minWidth: 0,
          cursor: 'pointer',
          padding: theme.spacing(0.5, 0),
          overflowWrap: 'anywhere',
        },
        '.cfg-empty': { color: theme.palette.text.disabled },
        '.cfg-start': { ...theme.typography.caption, color: theme.palette.primary.textShade },
        '.cfg-check': {
          display: 'inline-flex',
          alignItems: 'center',
          gap: 4,
          ...theme.typography.caption,
          cursor: 'pointer',
        },
        '.cfg-icon-btn': {
          display: 'inline-grid',
          placeItems: 'center',
          width: 30,
          height: 30,
          padding: 0,
          border: 0,
          borderRadius: '50%',
          background: 'transparent',
          color: theme.palette.action.active,
          cursor: 'pointer',
          '& svg': { width: 20, height: 20, fill: 'currentColor' },
          '&:hover:not(:disabled)': { background: theme.palette.action.hover },
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.textShade}` },
          '&:disabled': { color: theme.palette.action.disabled, cursor: 'default' },
        },
        '.cfg-actions': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), marginLeft: 'auto' },
        // A narrow row (a phone) gives the text a line of its own and the flags and actions the next.
        [`@container (max-width: ${NARROW_ROW}px)`]: {
          '.cfg-block-head': { flexWrap: 'wrap' },
          '.cfg-block-head .cfg-preview': { flexBasis: '100%' },
          '.cfg-actions': { gap: theme.spacing(0.5) },
        },
        '.cfg-icon-btn.cfg-danger:not(:disabled)': { color: theme.palette.error.textShade },
        '.cfg-body': { padding: theme.spacing(1, 2, 2), borderTop: `1px solid ${theme.palette.divider}` },
        '.cfg-hint': {
          ...theme.typography.body2,
          color: theme.palette.text.secondary,
          margin: theme.spacing(1, 0, 0),
        },
        '.cfg-chip': {
          display: 'inline-block',
          padding: '0 6px',
          margin: '0 2px',
          borderRadius: 4,
          background: alpha(theme.palette.primary.main, 0.15),
          fontFamily: 'monospace',
          fontSize: '0.85em',
        },
      })}
    />
  );
}
