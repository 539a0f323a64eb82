import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { DARK_COLORS, LIGHT_COLORS } from '../contract/constants.ts';
import type { ThemeMode } from './state/theme-mode.ts';

declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
    backdrop: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
    backdrop?: PaletteOptions['primary'];
  }
}

type Colors = { readonly [K in keyof typeof LIGHT_COLORS]: string };

/** SPEC §9: the light theme uses exactly these colours; the dark theme our own of the same roles. */
export function createAppTheme(mode: ThemeMode): Theme {
  const c: Colors = mode === 'dark' ? DARK_COLORS : LIGHT_COLORS;
  return createTheme({
    palette: {
      mode,
      primary: { main: c.primary },
      secondary: { main: c.secondary },
      error: { main: c.error },
      info: { main: c.info },
      success: { main: c.success },
      warning: { main: c.warning },
      accent: { main: c.accent },
      backdrop: { main: c.backdrop },
      ...(mode === 'dark' ? { background: { default: '#1A1E25', paper: '#222731' } } : {}),
    },
    components: {
      MuiBackdrop: {
        styleOverrides: {
          root: ({ ownerState }) => (ownerState.invisible ? {} : { backgroundColor: alpha(c.backdrop, 0.6) }),
        },
      },
    },
  });
}

export const lightTheme = createAppTheme('light');
export const darkTheme = createAppTheme('dark');
