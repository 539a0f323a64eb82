import { create } from 'zustand';
import { TIMINGS } from '../../contract/constants.ts';
import { MESSAGES } from '../../contract/errors.ts';

export type BannerSeverity = 'error' | 'warning' | 'info' | 'success';

export interface BannerState {
  show: boolean;
  text: string;
  severity: BannerSeverity;
  /** Hides itself after this many ms (with a progress indicator); null: stays until dismissed. */
  durationMs: number | null;
  /** Changes with every banner shown, so a repeated banner restarts its timer. */
  shownAt: number;
  serverBusy: boolean;
  showBanner(banner: { text: string; severity?: BannerSeverity; durationMs?: number | null }): void;
  showServerBusy(): void;
  dismiss(): void;
}

export const useBannerStore = create<BannerState>()((set) => ({
  show: false,
  text: '',
  severity: 'error',
  durationMs: null,
  shownAt: 0,
  serverBusy: false,
  showBanner: ({ text, severity = 'error', durationMs = null }) =>
    set({ show: true, text, severity, durationMs, shownAt: Date.now(), serverBusy: false }),
  /** SPEC §8: server_busy shows an info banner for 6000 ms with a progress indicator. */
  showServerBusy: () =>
    set({
      show: true,
      text: MESSAGES.serverBusy,
      severity: 'info',
      durationMs: TIMINGS.serverBusyBannerMs,
      shownAt: Date.now(),
      serverBusy: true,
    }),
  /** Close (and refresh) reset the server-busy state too (SPEC §4). */
  dismiss: () => set({ show: false, serverBusy: false }),
}));
