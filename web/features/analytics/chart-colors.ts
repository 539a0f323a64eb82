import { useTheme } from '@mui/material/styles';

/** The charts' series colours: the theme's primary, secondary and accent (SPEC §9), in that order. */
export function useChartColors(): { primary: string; secondary: string; accent: string } {
  const { palette } = useTheme();
  return { primary: palette.primary.main, secondary: palette.secondary.main, accent: palette.accent.main };
}
