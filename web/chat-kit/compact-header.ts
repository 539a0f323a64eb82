import { createContext, type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Below this width the chat header's secondary actions (restart, cancel, information) share one menu
 * button, so the name keeps room: about 140 px in a 288 px widget panel (a 320 px phone).
 */
const COMPACT_BELOW = 480;

/** Whether the chat header around is narrow (ChatHeader provides it; elsewhere, e.g. the top bar: no). */
export const CompactHeader = createContext(false);

/** Whether the element is narrower than COMPACT_BELOW, measured again whenever its width changes. */
export function useCompactWidth(element: RefObject<HTMLElement | null>): boolean {
  const [compact, setCompact] = useState(false);
  useLayoutEffect(() => {
    const el = element.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setCompact(el.clientWidth < COMPACT_BELOW);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [element]);
  return compact;
}
