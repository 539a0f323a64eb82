import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** Shown while a screen's code or a check is loading. */
export function PageLoading({ label }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ width: '100%' }}>
      <LinearProgress aria-label={label ?? 'Wird geladen'} />
      {label ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {label}
        </Typography>
      ) : null}
    </Box>
  );
}
