import { readFileSync } from 'node:fs';
import { darken, decomposeColor, lighten } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import type { ThemeMode } from '../../state/theme-mode.ts';
import { createAppTheme } from '../../theme.ts';

const css = readFileSync(new URL('./auth.css', import.meta.url), 'utf8');

/** The custom properties of the rule with this selector, by name. */
function variables(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return new Map(
    [...block.matchAll(/--([a-z-]+):\s*([^;]+);/g)].map(([, name = '', value = '']) => [name, value.trim()]),
  );
}

/** A colour as [r, g, b, a] rounded, so '#5abab2' equals 'rgb(90, 186, 178)'. */
const rgba = (colour: string) => {
  const { values, type } = decomposeColor(colour);
  const [r, g, b, a = 1] = values.map(Number);
  return type.startsWith('rgb') ? [r, g, b, Math.round(a * 1000) / 1000] : [NaN];
};

/** What each colour of auth.css is in the app's MUI theme (MUI's own rules for the derived ones). */
function themeColours(mode: ThemeMode): Record<string, string> {
  const p = createAppTheme(mode).palette;
  const alertText = (light: string) => (mode === 'light' ? darken(light, 0.6) : lighten(light, 0.6));
  const alertBackground = (light: string) => (mode === 'light' ? lighten(light, 0.9) : darken(light, 0.9));
  const alert = (name: string, colour: typeof p.error) => ({
    [`alert-${name}`]: alertText(colour.light),
    [`alert-${name}-background`]: alertBackground(colour.light),
    [`alert-${name}-icon`]: colour.main,
  });
  return {
    text: p.text.primary,
    'text-secondary': p.text.secondary,
    background: p.background.default,
    paper: p.background.paper,
    primary: p.primary.main,
    'primary-hover': p.primary.dark,
    'primary-text': p.primary.textShade,
    'primary-contrast': p.primary.contrastText,
    error: p.error.main,
    'error-text': p.error.textShade,
    disabled: p.action.disabled,
    'disabled-background': p.action.disabledBackground,
    ...alert('error', p.error),
    ...alert('info', p.info),
    ...alert('success', p.success),
  };
}

describe('auth.css', () => {
  it.each([
    ['light', '.auth-page'],
    ['dark', '.auth-page[data-mode="dark"]'],
  ] as const)('has the %s theme colours of every role it draws', (mode, selector) => {
    const declared = variables(selector);
    for (const [name, colour] of Object.entries(themeColours(mode))) {
      expect(declared.get(name), name).toBeDefined();
      expect(rgba(declared.get(name) ?? ''), name).toEqual(rgba(colour));
    }
  });

  it("uses the warning alert's colours for the error colour, as the theme does", () => {
    for (const mode of ['light', 'dark'] as const) {
      const p = createAppTheme(mode).palette;
      expect(p.warning.light).toBe(p.error.light);
    }
  });
});
