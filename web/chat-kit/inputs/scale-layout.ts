import { type RefObject, useLayoutEffect } from 'react';

/** Whether every option holds its label: a word wider than its column (and not hyphenated) sticks out. */
const labelsFit = (scale: HTMLElement) =>
  [...scale.children].every((option) => option.scrollWidth <= option.clientWidth);

/** The scale's layouts, widest first: one row, two rows (the first one longer by at most one), a list. */
export type ScaleLayout = 'row' | 'rows' | 'list';

/**
 * Lays a Likert scale out in equal cells (chat.module.css .scale, --scale-columns) so that no point
 * stands out: one row while every label fits its column without a word broken apart, else (from five
 * points) two rows, as an 11-point scale on a 320 px phone, else a list of full-width options. More
 * rows would read as a table. Whether the labels fit depends on them, the font and the chat's width, which no
 * media or container query knows: it is measured, before paint, and again whenever the width changes.
 * The layout is set on the element itself (data-layout), so that measuring renders nothing; until it is
 * measured (or without ResizeObserver) the scale is a list.
 */
export function useScaleLayout(scale: RefObject<HTMLElement | null>, labels: readonly string[]) {
  const key = labels.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: other labels (key) need measuring anew
  useLayoutEffect(() => {
    const el = scale.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const count = el.children.length;
    const columns: Record<ScaleLayout, number> = { row: count, rows: Math.ceil(count / 2), list: 1 };
    const apply = (layout: ScaleLayout) => {
      el.dataset.layout = layout;
      el.style.setProperty('--scale-columns', String(columns[layout]));
    };
    const fits = (layout: ScaleLayout) => {
      apply(layout);
      return labelsFit(el);
    };
    // Two columns would read as pairs (left against right), not as one scale.
    const tried: ScaleLayout[] = count >= 5 ? ['row', 'rows'] : ['row'];
    let width: number | null = null;
    const layOut = () => {
      // Only a new width can change the outcome.
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      apply(tried.find(fits) ?? 'list');
    };
    layOut();
    const observer = new ResizeObserver(layOut);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scale, key]);
}
