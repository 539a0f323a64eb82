import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Hidden from view, there for screen readers (the usual visually-hidden pattern). Sizes are strings:
 * in sx a number up to 1 is a fraction of the parent, so `width: 1` would be 100% (and an absolutely
 * placed element that wide, shifted by the page padding, made the page scroll sideways).
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const satisfies SxProps<Theme>;
