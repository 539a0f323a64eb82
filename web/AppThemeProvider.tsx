import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n/index.ts';
import { useThemeModeStore } from './state/theme-mode.ts';
import { appTheme, themeLanguage } from './theme.ts';

/** Light by default, dark when chosen in the user menu; MUI's own texts in the UI language. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useThemeModeStore((s) => s.mode);
  const { i18n } = useTranslation();
  return (
    <ThemeProvider theme={appTheme(mode, themeLanguage(i18n.resolvedLanguage ?? i18n.language))}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
