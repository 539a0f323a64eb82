import {
  alpha,
  type Components,
  darken,
  decomposeColor,
  getContrastRatio,
  getLuminance,
  lighten,
  type Palette,
  type PaletteColor,
  recomposeColor,
  rgbToHex,
  type SimplePaletteColorOptions,
  type Theme,
} from '@mui/material/styles';

/**
 * Accessible colour roles from the brand palette (issue 25, WCAG 2.1 AA). A palette colour's `main`
 * stays the brand colour and is used for fills, with the text colour MUI picks for it
 * (`contrastText`, chosen with a 4.5:1 threshold); text and outlines in the colour use its
 * `textShade`, a darker (light theme) or lighter (dark theme) shade of the same hue that reaches 4.5:1
 * on the page. The component rules below make MUI draw text and outlines with it.
 */

/** WCAG 1.4.3: normal text needs 4.5:1 against its background. */
export const TEXT_CONTRAST = 4.5;
/** The strongest tint of a colour that text in the same colour sits on (selected rows, chips). */
const TINT = 0.15;
/** The dark text MUI puts on light fills (its light palette's text.primary). */
const DARK_TEXT = 'rgba(0, 0, 0, 0.87)';
const WHITE = '#ffffff';

/** `colour` painted at `opacity` over `page`. */
function over(page: string, colour: string, opacity: number): string {
  const p = decomposeColor(page).values;
  const c = decomposeColor(colour).values;
  return recomposeColor({
    type: 'rgb',
    values: [0, 1, 2].map((i) => p[i]! * (1 - opacity) + c[i]! * opacity) as [number, number, number],
  });
}

/** The WCAG contrast of a colour on a background as the browser paints it (a translucent one over it). */
export function paintedContrast(colour: string, background: string): number {
  const { type, values } = decomposeColor(colour);
  const opacity = type === 'rgba' || type === 'hsla' ? (values[3] ?? 1) : 1;
  return getContrastRatio(opacity < 1 ? over(background, colour, opacity) : colour, background);
}

/**
 * The shade of `colour` for text on `page`: darkened on a light page, lightened on a dark one, in 1 %
 * steps, until it reaches 4.5:1 on the page and on the colour's own tint there; the colour itself
 * when it already does.
 */
export function textShade(colour: string, page: string): string {
  const shift = getLuminance(page) > 0.5 ? darken : lighten;
  const tint = over(page, colour, TINT);
  for (let step = 0; step < 100; step++) {
    const shade = rgbToHex(shift(colour, step / 100));
    if (getContrastRatio(shade, page) >= TEXT_CONTRAST && getContrastRatio(shade, tint) >= TEXT_CONTRAST) {
      return shade.toUpperCase();
    }
  }
  return rgbToHex(shift(colour, 1)).toUpperCase();
}

/** The text on a fill of the colour: white where it reaches 4.5:1, else MUI's dark text (as MUI picks). */
export function textOnFill(fill: string): string {
  return paintedContrast(WHITE, fill) >= TEXT_CONTRAST ? WHITE : DARK_TEXT;
}

/**
 * A palette colour with its roles: `main` the brand fill and `contrastText` the text on it, `textShade`
 * for text and outlines on the page, and `dark`, the hover fill, moved away from the fill's text so
 * that the text keeps 4.5:1 there too.
 */
export function colourRole(main: string, page: string): SimplePaletteColorOptions {
  const onFill = textOnFill(main);
  const darker = darken(main, 0.2);
  const dark = paintedContrast(onFill, darker) >= TEXT_CONTRAST ? darker : lighten(main, 0.2);
  return { main, dark: rgbToHex(dark), contrastText: onFill, textShade: textShade(main, page) };
}

const COLOURS = ['primary', 'secondary', 'accent', 'error', 'info', 'success', 'warning'] as const;
type ColourName = (typeof COLOURS)[number];

/** The palette colour a component's `color` prop names, if it names one. */
function paletteColour(theme: Theme, color: unknown): PaletteColor | undefined {
  return typeof color === 'string' && (COLOURS as readonly string[]).includes(color)
    ? (theme.palette as Palette & Record<ColourName, PaletteColor>)[color as ColourName]
    : undefined;
}

type OwnerState = { ownerState: { color?: unknown }; theme: Theme };

/**
 * Where MUI draws a palette colour as text or outline on the page, it draws its textShade (buttons'
 * text and outlined variants, links, selected tabs, focused labels and fields, checked controls,
 * outlined chips). Field borders reach 3:1, and every focusable control shows a focus outline when
 * reached by keyboard.
 */
export const accessibleComponents: Components<Theme> = {
  MuiCssBaseline: {
    styleOverrides: (theme: Theme) => ({
      ':focus-visible': { outline: `2px solid ${theme.palette.primary.textShade}`, outlineOffset: 2 },
    }),
  },
  MuiButtonBase: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({
        '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.textShade}`, outlineOffset: 2 },
      }),
    },
  },
  MuiButton: {
    styleOverrides: {
      root: ({ ownerState, theme }: OwnerState) => {
        const c = paletteColour(theme, ownerState.color ?? 'primary');
        if (!c) return {};
        return {
          '--variant-textColor': c.textShade,
          '--variant-outlinedColor': c.textShade,
          '--variant-outlinedBorder': alpha(c.textShade, 0.5),
          '@media (hover: hover)': { '&:hover': { '--variant-outlinedBorder': c.textShade } },
        };
      },
    },
  },
  MuiIconButton: {
    styleOverrides: {
      root: ({ ownerState, theme }: OwnerState) => {
        const c = paletteColour(theme, ownerState.color);
        return c ? { color: c.textShade } : {};
      },
    },
  },
  MuiLink: {
    styleOverrides: {
      root: ({ ownerState, theme }: OwnerState) => {
        const c = paletteColour(theme, ownerState.color ?? 'primary');
        return c ? { color: c.textShade, textDecorationColor: alpha(c.textShade, 0.6) } : {};
      },
    },
  },
  MuiTab: {
    styleOverrides: {
      textColorPrimary: ({ theme }: { theme: Theme }) => ({
        '&.Mui-selected': { color: theme.palette.primary.textShade },
      }),
    },
  },
  MuiTabs: {
    styleOverrides: {
      indicator: ({ theme }: { theme: Theme }) => ({ backgroundColor: theme.palette.primary.textShade }),
    },
  },
  MuiFormLabel: {
    styleOverrides: {
      root: ({ ownerState, theme }: OwnerState) => {
        const c = paletteColour(theme, ownerState.color ?? 'primary');
        return {
          ...(c ? { '&.Mui-focused': { color: c.textShade } } : {}),
          '&.Mui-error': { color: theme.palette.error.textShade },
        };
      },
    },
  },
  MuiOutlinedInput: {
    styleOverrides: {
      root: ({ ownerState, theme }: OwnerState) => {
        const c = paletteColour(theme, ownerState.color ?? 'primary');
        return c
          ? { '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: c.textShade } }
          : {};
      },
      // A field's border is all that shows where it is (WCAG 1.4.11: 3:1); MUI's 23 % grey has 1.7:1.
      notchedOutline: ({ theme }: { theme: Theme }) => ({
        borderColor: alpha(theme.palette.text.primary, 0.5),
      }),
    },
  },
  MuiInput: {
    styleOverrides: {
      underline: ({ theme }: { theme: Theme }) => ({
        '&::after': { borderBottomColor: theme.palette.primary.textShade },
      }),
    },
  },
  MuiChip: {
    styleOverrides: {
      outlined: ({ ownerState, theme }: OwnerState) => {
        const c = paletteColour(theme, ownerState.color);
        return c ? { color: c.textShade, borderColor: c.textShade } : {};
      },
    },
  },
  MuiToggleButton: {
    styleOverrides: {
      root: ({ ownerState, theme }: OwnerState) => {
        const c = paletteColour(theme, ownerState.color);
        return c ? { '&.Mui-selected': { color: c.textShade } } : {};
      },
    },
  },
  MuiCheckbox: {
    styleOverrides: {
      root: ({ ownerState, theme }: OwnerState) => {
        const c = paletteColour(theme, ownerState.color ?? 'primary');
        return c ? { '&.Mui-checked, &.MuiCheckbox-indeterminate': { color: c.textShade } } : {};
      },
    },
  },
  MuiRadio: {
    styleOverrides: {
      root: ({ ownerState, theme }: OwnerState) => {
        const c = paletteColour(theme, ownerState.color ?? 'primary');
        return c ? { '&.Mui-checked': { color: c.textShade } } : {};
      },
    },
  },
  MuiSwitch: {
    styleOverrides: {
      switchBase: ({ ownerState, theme }: OwnerState) => {
        const c = paletteColour(theme, ownerState.color ?? 'primary');
        return c
          ? {
              '&.Mui-checked': { color: c.textShade },
              '&.Mui-checked + .MuiSwitch-track': { backgroundColor: c.textShade },
            }
          : {};
      },
    },
  },
  MuiSlider: {
    styleOverrides: {
      root: ({ ownerState, theme }: OwnerState) => {
        const c = paletteColour(theme, ownerState.color ?? 'primary');
        return c ? { color: c.textShade } : {};
      },
    },
  },
  MuiAvatar: {
    styleOverrides: {
      // Initials on an avatar: the primary fill with its readable text.
      colorDefault: ({ theme }: { theme: Theme }) => ({
        backgroundColor: theme.palette.primary.main,
        color: theme.palette.primary.contrastText,
      }),
    },
  },
};
