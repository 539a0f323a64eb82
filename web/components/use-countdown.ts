import { useEffect, useState } from 'react';

/**
 * Percent of a timed banner's time left, counting down; onDone runs at zero. Shared by the author app's
 * banner and the respondent entry's (web/live/).
 */
export function useCountdown(durationMs: number | null, shownAt: number, onDone: () => void): number {
  const [left, setLeft] = useState(100);
  useEffect(() => {
    if (!durationMs) return;
    setLeft(100);
    const started = shownAt;
    const tick = setInterval(() => {
      setLeft(Math.max(0, 100 - ((Date.now() - started) / durationMs) * 100));
    }, 100);
    const done = setTimeout(onDone, durationMs);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, [durationMs, shownAt, onDone]);
  return left;
}
