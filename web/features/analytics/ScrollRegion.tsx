import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A table that may be wider than its card scrolls sideways; the region takes focus, so a keyboard can
 * scroll it too, and is named for screen readers.
 */
export function ScrollRegion(props: { label: string; children: ReactNode }) {
  return (
    <Box
      tabIndex={0}
      role="region"
      aria-label={props.label}
      sx={{ overflowX: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
    >
      {props.children}
    </Box>
  );
}
