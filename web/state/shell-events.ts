import { create } from 'zustand';

/**
 * Requests from the top bars to the screen below them. The top bar only counts up; the screen that
 * owns the action (assess chat, analytics, live chat) watches the counter and does the work.
 */
export interface ShellEvents {
  assessRestart: number;
  analyseRefresh: number;
  liveRestart: number;
  liveDelete: number;
  emit(event: 'assessRestart' | 'analyseRefresh' | 'liveRestart' | 'liveDelete'): void;
}

export const useShellEvents = create<ShellEvents>()((set) => ({
  assessRestart: 0,
  analyseRefresh: 0,
  liveRestart: 0,
  liveDelete: 0,
  emit: (event) => set((s) => ({ [event]: s[event] + 1 })),
}));
