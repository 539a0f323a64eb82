import { describe, expect, it } from 'vitest';
import { createAppTheme, themeLanguage } from './theme.ts';

describe('theme', () => {
  it('the light theme has exactly the colours of SPEC §9', () => {
    const p = createAppTheme('light').palette;
    expect({
      primary: p.primary.main,
      secondary: p.secondary.main,
      accent: p.accent.main,
      error: p.error.main,
      info: p.info.main,
      success: p.success.main,
      warning: p.warning.main,
      backdrop: p.backdrop.main,
    }).toEqual({
      primary: '#5ABAB2',
      secondary: '#F5B63F',
      accent: '#EE6F2D',
      error: '#CB474B',
      info: '#F5B63F',
      success: '#5ABAB2',
      warning: '#CB474B',
      backdrop: '#2A2F3A',
    });
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
