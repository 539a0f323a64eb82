import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../contract/constants.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../state/storage.ts';

/**
 * Getting the respondent's attention (SPEC §4 chat): the unread count in the page title while the tab
 * is hidden, a notification sound per new bot bubble (switchable), and the busy notice after
 * 10000 ms without a response, shown for 6000 ms (SPEC §9).
 */
const UNREAD_PREFIX = /^\(\d+\) /;

export const stripUnread = (title: string) => title.replace(UNREAD_PREFIX, '');

export const unreadTitle = (title: string, unread: number) =>
  unread > 0 ? `(${unread}) ${stripUnread(title)}` : stripUnread(title);

const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/** Counts bot bubbles that arrive while the tab is hidden into the title; seeing the tab clears it. */
export function useUnreadTitle(botBubbles: number): number {
  const [hidden, setHidden] = useState(isHidden);
  const seen = useRef(botBubbles);
  useEffect(() => {
    const onChange = () => setHidden(isHidden());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  const unread = hidden ? Math.max(0, botBubbles - seen.current) : 0;
  useEffect(() => {
    if (!hidden) seen.current = botBubbles;
    document.title = unreadTitle(document.title, unread);
  }, [hidden, botBubbles, unread]);
  useEffect(
    () => () => {
      document.title = stripUnread(document.title);
    },
    [],
  );
  return unread;
}

/** Sounds are on unless switched off; the choice is remembered only where storage is allowed. */
export function useSoundSetting(remember: boolean): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readStored(STORAGE_KEYS.chatSounds) !== 'off');
  const set = useCallback(
    (value: boolean) => {
      setOn(value);
      if (remember) writeStored(STORAGE_KEYS.chatSounds, value ? null : 'off');
    },
    [remember],
  );
  return [on, set];
}

let audio: AudioContext | null = null;

/**
 * Whether the page may start sound yet: browsers allow it only after the person has clicked or typed on
 * the page (and warn in the console about each AudioContext started before). Browsers without
 * navigator.userActivation are simply tried.
 */
const soundAllowed = () => navigator.userActivation?.hasBeenActive ?? true;

/**
 * A short soft two-tone chime, synthesised (no sound file to download). Before the first click or key
 * press it stays silent: the welcome's bubbles arrive before that, and would only fill the console.
 */
export function playNotificationSound(): void {
  if (!soundAllowed()) return;
  try {
    audio ??= new AudioContext();
    const ctx = audio;
    if (ctx.state === 'suspended') void ctx.resume();
    const t = ctx.currentTime;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.08, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.35);
    gain.connect(ctx.destination);
    for (const [freq, at] of [
      [880, 0],
      [1320, 0.09],
    ] as const) {
      const tone = ctx.createOscillator();
      tone.frequency.value = freq;
      tone.connect(gain);
      tone.start(t + at);
      tone.stop(t + at + 0.25);
    }
  } catch {
    // No Web Audio (old browser, blocked): the chat works without sound.
  }
}

/** True from 10000 ms after a call started without response, for 6000 ms (even if it answers meanwhile). */
export function useBusyNotice(waiting: boolean): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const show = setTimeout(() => setVisible(true), TIMINGS.busyNoticeAfterMs);
    return () => clearTimeout(show);
  }, [waiting]);
  useEffect(() => {
    if (!visible) return;
    const hide = setTimeout(() => setVisible(false), TIMINGS.busyNoticeShownMs);
    return () => clearTimeout(hide);
  }, [visible]);
  return visible;
}
