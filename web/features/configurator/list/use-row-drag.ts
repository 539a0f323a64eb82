import {
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type ListVirtualizer, stickyTop } from './use-list-virtualizer.ts';

/** Within this distance of the window's top or bottom edge a drag scrolls the page. */
const EDGE_PX = 72;
/** The fastest auto-scroll, right at the edge (px per frame). */
const MAX_STEP_PX = 28;

export interface RowDrag {
  from: number;
  over: number;
}

/**
 * Drag a row by its handle onto another row; on release `onDrop(from, to)` (row indexes). Near the
 * window's edges the page scrolls by itself, faster the closer the pointer, so a row can be carried to
 * any block of a long list. Escape cancels. The pointer is followed on the window, so the drag goes on
 * while the rows under it are swapped out by the virtualised list.
 */
export function useRowDrag(
  virtualizer: ListVirtualizer,
  dragged: RefObject<number | null>,
  onDrop: (from: number, to: number) => void,
) {
  const [drag, setDrag] = useState<RowDrag | null>(null);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const start = useCallback(
    (event: ReactPointerEvent, from: number) => {
      if (event.button !== 0) return;
      event.preventDefault();
      stop.current?.();
      let pointerY = event.clientY;
      let over = from;
      let frame = 0;
      dragged.current = from;
      setDrag({ from, over });

      // The row under the pointer, from the measured rows (page coordinates, as the items' starts).
      const track = () => {
        const y = pointerY + window.scrollY;
        const item = virtualizer
          .getVirtualItems()
          .find((i) => y >= i.start && y < i.end + virtualizer.options.gap);
        if (item && item.index !== over) {
          over = item.index;
          setDrag({ from, over });
        }
      };
      const scroll = () => {
        const top = stickyTop() + EDGE_PX;
        const bottom = window.innerHeight - EDGE_PX;
        const step =
          pointerY < top
            ? -Math.ceil(((top - pointerY) / EDGE_PX) * MAX_STEP_PX)
            : pointerY > bottom
              ? Math.ceil(((pointerY - bottom) / EDGE_PX) * MAX_STEP_PX)
              : 0;
        if (step !== 0) {
          window.scrollBy(0, Math.sign(step) * Math.min(Math.abs(step), MAX_STEP_PX));
          track();
        }
        frame = requestAnimationFrame(scroll);
      };
      const move = (e: PointerEvent) => {
        pointerY = e.clientY;
        track();
      };
      const end = (drop: boolean) => {
        stop.current?.();
        if (drop && over !== from) onDrop(from, over);
      };
      const up = () => end(true);
      const cancel = () => end(false);
      const key = (e: KeyboardEvent) => {
        if (e.key === 'Escape') cancel();
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', cancel);
      window.addEventListener('keydown', key);
      frame = requestAnimationFrame(scroll);
      stop.current = () => {
        cancelAnimationFrame(frame);
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', cancel);
        window.removeEventListener('keydown', key);
        dragged.current = null;
        stop.current = null;
        setDrag(null);
      };
    },
    [virtualizer, dragged, onDrop],
  );
  return { drag, start };
}
