import IconButton from '@mui/material/IconButton';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A small icon button of a list row, named for screen readers and hover by its label. No ripple and
 * no tooltip component: the list renders hundreds of them.
 */
export function RowIconButton({
  label,
  onClick,
  disabled,
  children,
  color,
}: {
  label: string;
  onClick(event: MouseEvent<HTMLButtonElement>): void;
  disabled?: boolean;
  children: ReactNode;
  color?: 'error' | 'default';
}) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      disableRipple
      color={color}
    >
      {children}
    </IconButton>
  );
}
