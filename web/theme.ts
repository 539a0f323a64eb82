import { deDE, enUS } from '@mui/material/locale';
import { alpha, createTheme, type Theme } from '@mui/material/styles';
import type { ChartsLocaleText } from '@mui/x-charts/locales';
import { DARK_COLORS, DEFAULT_LANGUAGE, type Language, LIGHT_COLORS } from '../contract/constants.ts';
import type { ThemeMode } from './state/theme-mode.ts';
import { accessibleComponents, colourRole, TEXT_CONTRAST } from './theme-roles.ts';

declare module '@mui/material/styles' {
  interface PaletteColor {
    /** The colour's shade for text and outlines on the page (WCAG 4.5:1); `main` is for fills. */
    textShade: string;
  }
  interface SimplePaletteColorOptions {
    textShade?: string;
  }
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

/** The page backgrounds; text in a palette colour is made readable on the paper (the lighter in dark). */
const PAPER = { light: '#ffffff', dark: '#222731' } as const;

/**
 * SPEC §9: the light theme uses exactly these colours as its fills; the dark theme our own of the same
 * roles. Text and outlines in a colour use its readable shade (theme-roles.ts, WCAG 2.1 AA).
 */
export function createAppTheme(mode: ThemeMode, language: Language = DEFAULT_LANGUAGE): Theme {
  const c: Colors = mode === 'dark' ? DARK_COLORS : LIGHT_COLORS;
  const role = (colour: string) => colourRole(colour, PAPER[mode]);
  return createTheme(
    {
      palette: {
        mode,
        contrastThreshold: TEXT_CONTRAST,
        primary: role(c.primary),
        secondary: role(c.secondary),
        error: role(c.error),
        info: role(c.info),
        success: role(c.success),
        warning: role(c.warning),
        accent: role(c.accent),
        backdrop: role(c.backdrop),
        ...(mode === 'dark' ? { background: { default: '#1A1E25', paper: PAPER.dark } } : {}),
      },
      // Labels read as SPEC writes them ('Schließen', 'Team'): MUI's capitals would also turn ß into SS.
      typography: { button: { textTransform: 'none' } },
      components: {
        ...accessibleComponents,
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
