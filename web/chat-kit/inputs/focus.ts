import { type RefObject, useEffect } from 'react';

/**
 * Focuses the element once, when the input appears, if asked to (InputProps.focusOnMount): after an
 * answer focus moves on to the next input instead of falling back to the page.
 */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>, enabled: boolean | undefined): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the input appears, never later
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, []);
}
