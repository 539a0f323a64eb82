import { useSyncExternalStore } from 'react';

/** The width below which the respondent pages lay out for a phone (as live-bar.module.css's logo). */
const PHONE_QUERY = '(max-width: 599px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/**
 * Whether the window is phone-wide, followed as it turns: a phone's chat shows one header carrying
 * the top bar's logo and actions (contract/routes.ts showsTopBar).
 */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
