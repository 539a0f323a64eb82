import { type Address, isAddress } from '../../chat-kit/respondent-texts.ts';

/**
 * The form of address of the dialog a respondent just left, for /exit/{var}: the exit page's name
 * carries only the language (SPEC §4 'deleted_' plus language), so cancelling remembers du/Sie for
 * this tab before leaving. Kept in sessionStorage (a reload of the exit page still knows it) and in
 * memory, for frames whose storage the browser blocks.
 */
const KEY = 'exit_address';
let remembered: Address | null = null;

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberExitAddress(address: Address): void {
  remembered = address;
  try {
    session()?.setItem(KEY, address);
  } catch {
    // storage refused: the value in memory serves this page
  }
}

/** The remembered form of address; null when none was remembered in this tab. */
export function exitAddress(): Address | null {
  if (remembered) return remembered;
  try {
    const stored = session()?.getItem(KEY);
    return isAddress(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Tests: forget what was remembered. */
export function forgetExitAddress(): void {
  remembered = null;
  try {
    session()?.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
