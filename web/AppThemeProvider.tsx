import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useThemeModeStore } from './state/theme-mode.ts';
import { darkTheme, lightTheme } from './theme.ts';

/** Light by default, dark when chosen in the user menu. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useThemeModeStore((s) => s.mode);
  return (
    <ThemeProvider theme={mode === 'dark' ? darkTheme : lightTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
