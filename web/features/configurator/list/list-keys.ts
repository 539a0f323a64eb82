import type { KeyboardEvent } from 'react';
import { type ListVirtualizer, rowIndexOf, whenRowRendered } from './use-list-virtualizer.ts';

/** The row a navigation key leads to from row `index` of `count`, or null for other keys. */
export function targetRow(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Keyboard navigation through the list: on a row's head (its toolbar of actions), the up and down
 * arrows go to the same action of the row above or below, Home and End to the first and last row.
 * The list renders only the rows near the window, so the target row is scrolled to and focused once
 * it is rendered. Keys inside an open editor keep their usual meaning.
 */
export function onListKeyDown(event: KeyboardEvent<HTMLElement>, virtualizer: ListVirtualizer) {
  const target = event.target as HTMLElement;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (!target.closest('.cfg-block-head')) return;
  const index = rowIndexOf(target);
  if (index === null) return;
  const next = targetRow(event.key, index, virtualizer.options.count);
  if (next === null) return;
  event.preventDefault();
  if (next === index) return;
  const label = target.getAttribute('aria-label');
  virtualizer.scrollToIndex(next, { align: 'auto' });
  whenRowRendered(event.currentTarget, next, (row) => {
    const same = label
      ? row.querySelector<HTMLElement>(`.cfg-block-head [aria-label="${CSS.escape(label)}"]:not(:disabled)`)
      : null;
    (same ?? row.querySelector<HTMLElement>('.cfg-block-head button:not(:disabled)'))?.focus();
  });
}
