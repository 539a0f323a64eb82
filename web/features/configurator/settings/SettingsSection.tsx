import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { failureText } from '../../../lib/failure-text.ts';

/** The message of a part's failed action: its own words, then the server's message when it has one. */
export function useActionFailure(prefix: string) {
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    clear: () => setFailure(null),
    failed: (error: unknown) => setFailure(failureText(prefix, error)),
  };
}

/** A titled part of the dialog's settings (quotas, webhooks, hidden fields): its intro and its last failure above it. */
export function SettingsSection(props: {
  title: string;
  intro: string;
  failure?: ReturnType<typeof useActionFailure>;
  children: ReactNode;
}) {
  const { failure } = props;
  return (
    <Stack spacing={1.5} component="section" aria-label={props.title}>
      <Typography variant="subtitle1" component="h3">
        {props.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {props.intro}
      </Typography>
      {failure?.failure ? (
        <Alert severity="error" onClose={failure.clear}>
          {failure.failure}
        </Alert>
      ) : null}
      {props.children}
    </Stack>
  );
}
