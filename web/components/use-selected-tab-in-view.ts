import { type RefObject, useEffect } from 'react';

const SETTLE_MS = 350;

/**
 * Keeps the selected tab of a scrollable MUI Tabs in view. MUI scrolls it into view once, while the
 * bar may still be laid out without its scroll buttons; when they appear the scroller narrows and the
 * selected tab (on a phone: Teilen, Analyse) ended up behind the right-hand button. So each time the
 * scroller or a tab changes size, the selected tab is scrolled back into it.
 */
export function useSelectedTabInView(tabs: RefObject<HTMLElement | null>, selected: string | null) {
  useEffect(() => {
    const scroller = tabs.current?.querySelector<HTMLElement>('.MuiTabs-scroller');
    if (!scroller || selected === null || typeof ResizeObserver === 'undefined') return;
    const reveal = () => {
      const tab = scroller.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (!tab) return;
      const box = scroller.getBoundingClientRect();
      const rect = tab.getBoundingClientRect();
      if (rect.left < box.left) scroller.scrollLeft -= box.left - rect.left;
      else if (rect.right > box.right) scroller.scrollLeft += rect.right - box.right;
    };
    // After MUI's own animated scroll (300 ms), which would otherwise carry on past ours.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(reveal, SETTLE_MS);
    });
    observer.observe(scroller);
    // The tabs widen when the web font arrives, which leaves the scroller's own size as it was.
    for (const tab of scroller.querySelectorAll('[role="tab"]')) observer.observe(tab);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [tabs, selected]);
}
