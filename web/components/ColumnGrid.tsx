import Box from '@mui/material/Box';
import type { ResponsiveStyleValue } from '@mui/system';
import type { ReactNode } from 'react';

/** Cards side by side from a breakpoint on (`columns`: the grid's columns per breakpoint), tops aligned. */
export function ColumnGrid({
  columns,
  children,
}: {
  columns: ResponsiveStyleValue<string>;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns, alignItems: 'start' }}>{children}</Box>
  );
}
