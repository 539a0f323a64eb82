import type { DoneSnackbarProps } from './DoneSnackbar.tsx';
import { lazyPopup } from './lazy-popup.tsx';

const Note = lazyPopup<DoneSnackbarProps & { open: boolean }>(() =>
  import('./DoneSnackbar.tsx').then((m) => m.DoneSnackbar),
);

/**
 * DoneSnackbar fetched with its first message, for a page whose first download should not carry it
 * (the dashboard): the note follows an action, never the first paint.
 */
export function LazyDoneSnackbar(props: DoneSnackbarProps) {
  return <Note {...props} open={props.message !== null} />;
}
