import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { Block } from '../../../../contract/blocks.ts';

/** A collapsed row's height (44 px head and its border); expanded rows are measured. */
const ROW_ESTIMATE = 46;
/** The space between rows. */
export const ROW_GAP = 8;
/**
 * Rows rendered beyond the window on each side: enough that Tab from the last visible row finds the
 * next one in the page, and a short scroll shows rows at once.
 */
const OVERSCAN = 8;
/**
 * Up to this many blocks every row is rendered: cheap at this size, and the browser's own find in page
 * (Ctrl+F) then reaches every block. Longer dialogs render the rows near the window.
 */
const ALL_ROWS_UP_TO = 60;

/** Where the window's content starts below the app's sticky top bar (px from the window's top). */
export function stickyTop(): number {
  return document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
}

/**
 * Runs `then` once the app's top bar is in the page, trying for up to `frames` frames (then runs it
 * anyway): on a cold load the bar's chunk may arrive after the list, and until then stickyTop() is 0.
 */
function whenTopBarShown(then: () => void, frames = 120) {
  if (frames <= 0 || document.querySelector('header')) then();
  else requestAnimationFrame(() => whenTopBarShown(then, frames - 1));
}

/** The row index of an element inside the list, from the row's data-index. */
export function rowIndexOf(element: Element | null): number | null {
  const row = element?.closest<HTMLElement>('[data-index]');
  return row ? Number(row.dataset.index) : null;
}

/**
 * The list renders only the rows near the window (the page scrolls, not the list): a dialog of 1,000
 * blocks opens as fast as one of 20. Rows stay rendered while they hold the keyboard focus
 * (`setFocused`) or are being dragged (`dragged`), so scrolling away never drops the focus or the drag.
 */
export function useListVirtualizer(listRef: RefObject<HTMLElement | null>, blocks: readonly Block[]) {
  // Where the list starts in the page: the cards and bars above it change height as the author works.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const list = listRef.current;
      if (list) setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [listRef]);

  // The focused row (state: a row left behind by the focus may go) and the dragged row (a ref: read
  // whenever the range moves, which is what a drag does).
  const [focused, setFocused] = useState<number | null>(null);
  const dragged = useRef<number | null>(null);
  const rangeExtractor = useCallback(
    (range: Parameters<typeof defaultRangeExtractor>[0]) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (const index of [focused, dragged.current]) {
        if (index !== null && index < range.count) indexes.add(index);
      }
      return [...indexes].sort((a, b) => a - b);
    },
    [focused],
  );

  // Scrolled to, a row's head stops below the sticky top bar: the virtualizer aims there itself, also
  // while it corrects its aim as the rows on the way are measured (a scroll of our own would be undone).
  const topBarPadding = useRef(0);
  const virtualizer = useWindowVirtualizer({
    count: blocks.length,
    estimateSize: () => ROW_ESTIMATE,
    gap: ROW_GAP,
    overscan: blocks.length <= ALL_ROWS_UP_TO ? ALL_ROWS_UP_TO : OVERSCAN,
    scrollMargin,
    scrollPaddingStart: topBarPadding.current,
    getItemKey: (index) => blocks[index]?.unique_question_id ?? index,
    rangeExtractor,
  });
  /** Scrolls the row's head to just below the top bar, measured once the bar is in the page. */
  const revealRow = useCallback(
    (index: number) =>
      whenTopBarShown(() => {
        topBarPadding.current = stickyTop() + ROW_GAP;
        virtualizer.setOptions({ ...virtualizer.options, scrollPaddingStart: topBarPadding.current });
        virtualizer.scrollToIndex(index, { align: 'start' });
      }),
    [virtualizer],
  );
  return { virtualizer, setFocused, dragged, revealRow };
}

export type ListVirtualizer = ReturnType<typeof useListVirtualizer>['virtualizer'];

/**
 * Runs `then` on the row's element once the list has rendered it (after scrolling to it), trying for a
 * few frames: the row may first need a render and a measurement.
 */
export function whenRowRendered(
  list: HTMLElement | null,
  index: number,
  then: (row: HTMLElement) => void,
  frames = 30,
) {
  const row = list?.querySelector<HTMLElement>(`:scope > [data-index="${index}"]`);
  if (row) then(row);
  else if (frames > 0) requestAnimationFrame(() => whenRowRendered(list, index, then, frames - 1));
}
