import { describe, expect, it } from 'vitest';
import { DEFAULT_HELP_CENTER_URL, firstCharacter, initials, userMenuEntries } from './user-menu-entries.ts';

describe('user menu (SPEC §2)', () => {
  it('initials of first and last name, else of the username', () => {
    expect(initials('Anna', 'Muster', 'anna')).toBe('AM');
    expect(initials('anna', '', 'x')).toBe('A');
    expect(initials('', 'Muster', 'bernd')).toBe('B');
    expect(initials('', '', '')).toBe('');
  });

  it('initials take whole characters: emoji, surrogate pairs, combining marks', () => {
    expect(initials('😀Emil', 'Östlich', 'emil')).toBe('😀Ö');
    expect(initials('👩‍💻Ada', '𝒜rt', 'ada')).toBe('👩‍💻𝒜');
    expect(initials('👍🏽Jo', 'Ko', 'jo')).toBe('👍🏽K');
    // 'E' followed by a combining acute accent is one character.
    expect(initials('E\u0301mile', 'Zola', 'ez')).toBe('E\u0301Z');
    expect(initials('', '', '🐙octo')).toBe('🐙');
    expect(initials('  ', '', '  ')).toBe('');
  });

  it('firstCharacter gives one grapheme, or nothing for an empty text', () => {
    expect(firstCharacter('😀Emil')).toBe('😀');
    expect(firstCharacter('Ö')).toBe('Ö');
    expect(firstCharacter('')).toBe('');
  });

  it('entries in order; Logout when signed in', () => {
    const entries = userMenuEntries({ authenticated: true, hostname: 'app.example.org' });
    expect(entries.map((e) => e.key)).toEqual(['account', 'help', 'privacy', 'imprint', 'terms', 'logout']);
    expect(entries[0]).toEqual({ key: 'account', kind: 'route', to: '/account' });
    expect(entries[1]).toEqual({ key: 'help', kind: 'external', href: DEFAULT_HELP_CENTER_URL });
  });

  it('Login when signed out', () => {
    const keys = userMenuEntries({ authenticated: false, hostname: 'app.example.org' }).map((e) => e.key);
    expect(keys.at(-1)).toBe('login');
    expect(keys).not.toContain('logout');
  });

  it('Admin only on localhost and 127.0.0.1', () => {
    for (const hostname of ['localhost', '127.0.0.1']) {
      expect(userMenuEntries({ authenticated: true, hostname }).map((e) => e.key)).toContain('admin');
    }
    for (const hostname of ['example.org', 'localhost.example.org', '127.0.0.2']) {
      expect(userMenuEntries({ authenticated: true, hostname }).map((e) => e.key)).not.toContain('admin');
    }
  });

  it('the help center link is configurable', () => {
    const help = userMenuEntries({
      authenticated: true,
      hostname: 'x',
      helpUrl: 'https://help.example.org',
    })[1];
    expect(help).toEqual({ key: 'help', kind: 'external', href: 'https://help.example.org' });
    expect(DEFAULT_HELP_CENTER_URL).toBe('https://www.dialogwerk.de/hilfe');
  });
});
