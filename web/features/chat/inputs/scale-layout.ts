import { type RefObject, useLayoutEffect } from 'react';

/** Whether every option holds its label: a word wider than its column (and not hyphenated) sticks out. */
const labelsFit = (scale: HTMLElement) =>
  [...scale.children].every((option) => option.scrollWidth <= option.clientWidth);

/**
 * Lays a Likert scale out as one row of equal columns while every label fits its column without a
 * word broken apart, else as a list of equal full-width options (chat.module.css .scale), so that no
 * point of the scale stands out. Whether the labels fit depends on them, the font and the chat's
 * width, which no media or container query knows: it is measured in the row layout, before paint, and
 * again whenever the width changes. The layout is set on the element itself (data-layout), so that
 * measuring renders nothing; until it is measured (or without ResizeObserver) the scale is a list.
 */
export function useScaleLayout(scale: RefObject<HTMLElement | null>, labels: readonly string[]) {
  const key = labels.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: other labels (key) need measuring anew
  useLayoutEffect(() => {
    const el = scale.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let width: number | null = null;
    const layOut = () => {
      // Only a new width can change the outcome; the list's own scrollbar must not start it over.
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      el.dataset.layout = 'row';
      el.dataset.layout = labelsFit(el) ? 'row' : 'list';
    };
    layOut();
    const observer = new ResizeObserver(layOut);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scale, key]);
}
