import type { MouseEvent } from 'react';
import { RowIcon, type RowIconName } from './row-icons.tsx';

/**
 * A small icon button of a list row: a plain button styled by the list's shared classes (ListStyles),
 * named for screen readers and on hover by its label.
 */
export function RowIconButton({
  label,
  icon,
  onClick,
  disabled,
  danger,
}: {
  label: string;
  icon: RowIconName;
  onClick(event: MouseEvent<HTMLButtonElement>): void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={danger ? 'cfg-icon-btn cfg-danger' : 'cfg-icon-btn'}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <RowIcon name={icon} />
    </button>
  );
}
