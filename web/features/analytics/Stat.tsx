import Typography from '@mui/material/Typography';

/** A labelled figure in a line of text, 'Mittelwert: 3,5'. */
export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2" component="p">
      {label}: <strong>{value}</strong>
    </Typography>
  );
}
