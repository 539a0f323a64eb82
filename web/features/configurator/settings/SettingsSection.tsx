import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A section of the settings below the look (hidden fields, webhooks): its heading, what it does, its body. */
export function SettingsSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {intro}
      </Typography>
      {children}
    </Stack>
  );
}
