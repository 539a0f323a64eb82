import { create } from 'zustand';
import { readStored, STORAGE_KEYS, writeStored } from './storage.ts';

export type ThemeMode = 'light' | 'dark';

export interface ThemeModeState {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
}

/** Light is the default (SPEC §9); the choice is remembered. */
export const useThemeModeStore = create<ThemeModeState>()((set) => ({
  mode: readStored(STORAGE_KEYS.themeMode) === 'dark' ? 'dark' : 'light',
  setMode(mode) {
    writeStored(STORAGE_KEYS.themeMode, mode);
    set({ mode });
  },
}));
