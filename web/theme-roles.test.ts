import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { DARK_COLORS, LIGHT_COLORS } from '../contract/constants.ts';
import { createAppTheme } from './theme.ts';
import { paintedContrast, textShade } from './theme-roles.ts';

/** The accessible colour roles (issue 25, WCAG 2.1 AA 1.4.3): every palette colour's text and fill. */

const ROLES = ['primary', 'secondary', 'accent', 'error', 'info', 'success', 'warning'] as const;

describe.each(['light', 'dark'] as const)('the %s theme', (mode) => {
  const palette = createAppTheme(mode).palette;
  const pages = [palette.background.default, palette.background.paper];

  it.each(ROLES)('%s: its text shade reads on the page (4.5:1)', (role) => {
    for (const page of pages)
      expect(getContrastRatio(palette[role].textShade, page)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(ROLES)('%s: its fill carries text that reads, also on hover (4.5:1)', (role) => {
    const { main, dark, contrastText } = palette[role];
    expect(paintedContrast(contrastText, main)).toBeGreaterThanOrEqual(4.5);
    expect(paintedContrast(contrastText, dark)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the brand colours as the fills', () => {
    const colours = mode === 'dark' ? DARK_COLORS : LIGHT_COLORS;
    for (const role of ROLES) expect(palette[role].main).toBe(colours[role]);
  });
});

describe('textShade', () => {
  it('darkens the light primary to a teal that reads on white', () => {
    const shade = textShade(LIGHT_COLORS.primary, '#ffffff');
    expect(getContrastRatio(LIGHT_COLORS.primary, '#ffffff')).toBeLessThan(3);
    expect(getContrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(shade).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('keeps a colour that already reads, lightens on a dark page', () => {
    expect(textShade('#1A237E', '#ffffff')).toBe('#1A237E');
    const onDark = textShade('#E05A5E', '#222731');
    expect(getContrastRatio(onDark, '#222731')).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(onDark, '#ffffff')).toBeLessThan(getContrastRatio('#E05A5E', '#ffffff'));
  });
});

describe('field borders', () => {
  it.each(['light', 'dark'] as const)('reach 3:1 on the page in the %s theme (WCAG 1.4.11)', (mode) => {
    const theme = createAppTheme(mode);
    const override = theme.components?.MuiOutlinedInput?.styleOverrides?.notchedOutline as (props: {
      theme: typeof theme;
    }) => { borderColor: string };
    const border = override({ theme }).borderColor;
    expect(paintedContrast(border, theme.palette.background.paper)).toBeGreaterThanOrEqual(3);
  });
});
