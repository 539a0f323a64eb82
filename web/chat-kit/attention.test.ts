// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../../contract/constants.ts';
import {
  playNotificationSound,
  stripUnread,
  unreadTitle,
  useBusyNotice,
  useUnreadTitle,
} from './attention.ts';

describe('unread count in the title', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts the count in front while there is one', () => {
    expect(unreadTitle('Dialog', 3)).toBe('(3) Dialog');
    expect(unreadTitle('(3) Dialog', 4)).toBe('(4) Dialog');
    expect(unreadTitle('(3) Dialog', 0)).toBe('Dialog');
    expect(stripUnread('(12) Dialog (2)')).toBe('Dialog (2)');
  });

  it('counts bot bubbles arriving while the tab is hidden and clears when it is seen again', () => {
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const setVisibility = (v: DocumentVisibilityState) => {
      visibility = v;
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    };
    document.title = 'Dialog';
    const { rerender, unmount } = renderHook(({ bubbles }) => useUnreadTitle(bubbles), {
      initialProps: { bubbles: 2 },
    });
    expect(document.title).toBe('Dialog');
    setVisibility('hidden');
    rerender({ bubbles: 3 });
    rerender({ bubbles: 5 });
    expect(document.title).toBe('(3) Dialog');
    setVisibility('visible');
    expect(document.title).toBe('Dialog');
    setVisibility('hidden');
    rerender({ bubbles: 6 });
    expect(document.title).toBe('(1) Dialog');
    unmount();
    expect(document.title).toBe('Dialog');
  });
});

describe('busy notice (SPEC §4, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows 10000 ms after a call started without response, for 6000 ms', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ waiting }) => useBusyNotice(waiting), {
      initialProps: { waiting: true },
    });
    act(() => void vi.advanceTimersByTime(TIMINGS.busyNoticeAfterMs - 1));
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    // The answer arriving meanwhile does not cut the notice short.
    rerender({ waiting: false });
    act(() => void vi.advanceTimersByTime(TIMINGS.busyNoticeShownMs - 1));
    expect(result.current).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('never shows when the response comes in time', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ waiting }) => useBusyNotice(waiting), {
      initialProps: { waiting: true },
    });
    act(() => void vi.advanceTimersByTime(9000));
    rerender({ waiting: false });
    act(() => void vi.advanceTimersByTime(20_000));
    expect(result.current).toBe(false);
  });
});

describe('notification sound', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubAudio(hasBeenActive: boolean) {
    const created = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, userActivation: { hasBeenActive, isActive: false } });
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          created();
        }
      },
    );
    return created;
  }

  it('starts no AudioContext before the person has clicked or typed (the browser would warn)', () => {
    const created = stubAudio(false);
    playNotificationSound();
    expect(created).not.toHaveBeenCalled();
  });

  it('tries to play once the page has been used', () => {
    const created = stubAudio(true);
    playNotificationSound();
    expect(created).toHaveBeenCalledTimes(1);
  });
});
