import { useTheme } from '@mui/material/styles';

/**
 * The charts' series colours: the theme's primary, secondary and accent (SPEC §9), in that order, and
 * a neutral grey for skipped questions, which are neither answers nor drop-offs.
 */
export function useChartColors(): { primary: string; secondary: string; accent: string; neutral: string } {
  const { palette } = useTheme();
  return {
    primary: palette.primary.main,
    secondary: palette.secondary.main,
    accent: palette.accent.main,
    neutral: palette.grey[500],
  };
}
