import { deDE, enUS } from '@mui/material/locale';
import { alpha, createTheme, type Theme } from '@mui/material/styles';
import type { ChartsLocaleText } from '@mui/x-charts/locales';
import { DARK_COLORS, DEFAULT_LANGUAGE, type Language, LIGHT_COLORS } from '../contract/constants.ts';
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

/**
 * The texts MUI X Charts shows itself (overlays, toolbar, screen-reader descriptions). The package has
 * no German locale, so these are ours; English is its default. Only the parts our charts can show.
 */
const chartsDe: Partial<ChartsLocaleText> = {
  loading: 'Daten werden geladen…',
  noData: 'Keine Daten vorhanden',
  toolbarExport: 'Exportieren',
  toolbarExportPrint: 'Drucken',
  toolbarExportImage: (mimeType) => `Als ${mimeType.replace(/^image\//, '').toUpperCase()} exportieren`,
  toolbarExportExcel: 'Als Excel exportieren',
  a11yNoValue: 'kein Wert',
};

/**
 * MUI's own component texts (pagination '1–4 von 4', 'Zeilen pro Seite', Autocomplete's 'Keine Optionen'
 * and so on) in the UI language: @mui/material's locale and, for the charts, their localeText.
 */
const MUI_LOCALES: Record<Language, object[]> = {
  de: [deDE, { components: { MuiChartsLocalizationProvider: { defaultProps: { localeText: chartsDe } } } }],
  en: [enUS],
};

/** The supported language of an i18next language code ('en-GB' is English); anything else German. */
export function themeLanguage(language: string | undefined): Language {
  const base = (language ?? '').split('-')[0];
  return base === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

/** SPEC §9: the light theme uses exactly these colours; the dark theme our own of the same roles. */
export function createAppTheme(mode: ThemeMode, language: Language = DEFAULT_LANGUAGE): Theme {
  const c: Colors = mode === 'dark' ? DARK_COLORS : LIGHT_COLORS;
  return createTheme(
    {
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
      // Labels read as SPEC writes them ('Schließen', 'Team'): MUI's capitals would also turn ß into SS.
      typography: { button: { textTransform: 'none' } },
      components: {
        MuiBackdrop: {
          styleOverrides: {
            root: ({ ownerState }) =>
              ownerState.invisible ? {} : { backgroundColor: alpha(c.backdrop, 0.6) },
          },
        },
      },
    },
    ...MUI_LOCALES[language],
  );
}

const themes = new Map<string, Theme>();
/** One theme per mode and language, made once. */
export function appTheme(mode: ThemeMode, language: Language): Theme {
  const key = `${mode}:${language}`;
  let theme = themes.get(key);
  if (!theme) {
    theme = createAppTheme(mode, language);
    themes.set(key, theme);
  }
  return theme;
}

export const lightTheme = appTheme('light', DEFAULT_LANGUAGE);
export const darkTheme = appTheme('dark', DEFAULT_LANGUAGE);
