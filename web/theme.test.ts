import { describe, expect, it } from 'vitest';
import { LIGHT_COLORS } from '../contract/constants.ts';
import { createAppTheme, themeLanguage } from './theme.ts';

describe('theme', () => {
  it('the light theme has exactly the colours of SPEC §9', () => {
    const p = createAppTheme('light').palette;
    const names = Object.keys(LIGHT_COLORS) as (keyof typeof LIGHT_COLORS)[];
    expect(Object.fromEntries(names.map((name) => [name, p[name].main]))).toEqual(LIGHT_COLORS);
    // SPEC §9's hues, in the order primary, secondary, accent, error, info, success, warning, backdrop.
    expect(Object.values(LIGHT_COLORS)).toEqual([
      '#5ABAB2',
      '#F5B63F',
      '#EE6F2D',
      '#CB474B',
      '#F5B63F',
      '#5ABAB2',
      '#CB474B',
      '#2A2F3A',
    ]);
    expect(p.mode).toBe('light');
  });

  it('buttons and tabs show their labels as written, not in capitals', () => {
    expect(createAppTheme('light').typography.button.textTransform).toBe('none');
    expect(createAppTheme('dark').typography.button.textTransform).toBe('none');
  });

  it('English UI codes pick the English locale, anything else German', () => {
    expect(themeLanguage('en-GB')).toBe('en');
    expect(themeLanguage('fr')).toBe('de');
    expect(themeLanguage(undefined)).toBe('de');
  });
});
