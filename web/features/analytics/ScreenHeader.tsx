import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The Analyse screens' heading with the dialog's (or game's) name, a note below it (how long answers are
 * kept) and the export buttons beside it.
 */
export function ScreenHeader(props: { title: string; name: string; note?: ReactNode; actions: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="h4" component="h1">
          {props.title}
        </Typography>
        <Typography color="text.secondary">{props.name}</Typography>
        {props.note}
      </Box>
      {props.actions}
    </Box>
  );
}
