import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { type ShellEvents, useShellEvents } from '../state/shell-events.ts';

/** A top-bar icon button that asks the screen below to do something (restart, refresh). */
export function ShellEventButton(props: {
  event: Parameters<ShellEvents['emit']>[0];
  title: string;
  children: ReactNode;
}) {
  const emit = useShellEvents((s) => s.emit);
  return (
    <IconButton title={props.title} aria-label={props.title} onClick={() => emit(props.event)}>
      {props.children}
    </IconButton>
  );
}
