import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../contract/chat.ts';
import { LIGHT_COLORS } from '../../contract/constants.ts';
import {
  accentColor,
  accentLine,
  chatLook,
  contrastRatio,
  lookStyle,
  messengerStyle,
  PRIMARY_DARK,
  safeLinkUrl,
  safeUrl,
  textOn,
} from './chat-look.ts';
import { gameLook, speakerFor, speakerOf, UNKNOWN_SPEAKER } from './group-chat.ts';

const config: ClientConfig = {
  config: {
    accent_color: '#EE6F2D',
    logo_src: '',
    avatar_src: '/media/avatar.png',
    avatar_name: 'Mia',
    video_messages: true,
    audio_messages: false,
    background_image: 'https://cdn.example.org/bg.jpg',
  },
  survey_id: 's',
  survey_id_int: 1,
  survey_name: 'Umfrage',
  messenger_ui: 'whatsapp',
  avatar_name: 'Mia',
  background_link: 'https://cdn.example.org/bg.jpg',
  speed: 1,
  feedback_allowed: false,
  training_mode: false,
  active: true,
};

describe('chat look from the client config', () => {
  it('takes accent colour, background, avatar, messenger style, speed and autoplay flags', () => {
    expect(chatLook(config)).toEqual({
      accent: '#EE6F2D',
      // White on #EE6F2D is 3.0:1, dark text 5.5:1.
      onAccent: '#1b1f24',
      background: 'https://cdn.example.org/bg.jpg',
      avatarSrc: '/media/avatar.png',
      avatarName: 'Mia',
      messenger: 'whatsapp',
      speed: 1,
      autoplayAudio: false,
      autoplayVideo: true,
      mediaBase: null,
    });
  });

  it('falls back to the SPEC §9 primary colour, the standard style and speed 0.5', () => {
    const look = chatLook(null);
    expect(look.accent).toBe(LIGHT_COLORS.primary);
    expect(look.messenger).toBe('standard');
    expect(look.speed).toBe(0.5);
    expect(accentColor('red')).toBe(LIGHT_COLORS.primary);
    expect(messengerStyle('__proto__')).toBe('standard');
  });

  it('picks readable text on the accent colour', () => {
    expect(textOn('#FFFFFF')).toBe('#1b1f24');
    expect(textOn('#2A2F3A')).toBe('#ffffff');
  });

  it('picks the text colour with the higher WCAG contrast ratio', () => {
    // Mid-tones where white used to win though dark text reads far better (QA: 3.30:1 and 3.66:1).
    for (const accent of ['#43A047', '#1E88E5', LIGHT_COLORS.primary, LIGHT_COLORS.accent, '#F5B63F']) {
      expect(textOn(accent), accent).toBe('#1b1f24');
      expect(contrastRatio(accent, '#1b1f24'), accent).toBeGreaterThan(contrastRatio(accent, '#ffffff'));
    }
    for (const accent of ['#CB474B', '#2A2F3A', '#0D47A1', '#6A1B9A', '#000000']) {
      expect(textOn(accent), accent).toBe('#ffffff');
    }
    expect(contrastRatio('#43A047', '#ffffff')).toBeCloseTo(3.3, 1);
    expect(contrastRatio('#1E88E5', '#ffffff')).toBeCloseTo(3.66, 1);
    expect(contrastRatio('#43A047', '#1b1f24')).toBeGreaterThan(5);
    expect(contrastRatio('#1E88E5', '#1b1f24')).toBeGreaterThan(4.5);
  });

  it('always gives the better of the two, on any colour', () => {
    for (let i = 0; i < 4096; i++) {
      const hex = `#${[i >> 8, (i >> 4) & 15, i & 15].map((n) => (n * 17).toString(16).padStart(2, '0')).join('')}`;
      const chosen = contrastRatio(hex, textOn(hex));
      const best = Math.max(contrastRatio(hex, '#1b1f24'), contrastRatio(hex, '#ffffff'));
      expect(chosen, hex).toBe(best);
      // The worst colours (mid reds and blues where both are close) still get over 4:1.
      expect(chosen, hex).toBeGreaterThan(4);
    }
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});

describe('game look (SPEC §9 media hosts by mode)', () => {
  it("loads the dialog's uploads from the game media host, external addresses as they are", () => {
    const look = gameLook(config, 'https://media.example.net');
    expect(look).toMatchObject({
      avatarSrc: 'https://media.example.net/media/avatar.png',
      background: 'https://cdn.example.org/bg.jpg',
      mediaBase: 'https://media.example.net',
    });
  });

  it('changes nothing without a game media host', () => {
    expect(gameLook(config, null)).toEqual(chatLook(config));
  });
});

describe('addresses from the server', () => {
  it('allows http(s) and paths of this site only', () => {
    expect(safeUrl('https://a.example/x.png')).toBe('https://a.example/x.png');
    expect(safeUrl('/media/x.png')).toBe('/media/x.png');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '//evil.example/x',
      'vbscript:x',
      '',
      null,
    ]) {
      expect(safeUrl(bad), String(bad)).toBeNull();
    }
  });

  it('link buttons may also open mail and phone links', () => {
    expect(safeLinkUrl('mailto:info@example.org')).toBe('mailto:info@example.org');
    expect(safeLinkUrl('tel:+4930123')).toBe('tel:+4930123');
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull();
  });
});

describe('speakers of a multi-dialog chat', () => {
  it("take each dialog's avatar and name, from the game media host in game mode", () => {
    expect(speakerOf(config)).toEqual({ name: 'Mia', avatarSrc: '/media/avatar.png' });
    expect(speakerOf(config, 'https://media.example.org').avatarSrc).toBe(
      'https://media.example.org/media/avatar.png',
    );
  });

  it('an unknown dialog speaks without name and picture, never as another', () => {
    const group = { title: '', speakers: { A: speakerOf(config) }, startId: 'A' };
    expect(speakerFor(group, 'A').name).toBe('Mia');
    expect(speakerFor(group, 'B')).toBe(UNKNOWN_SPEAKER);
    expect(speakerFor(group, undefined)).toBe(UNKNOWN_SPEAKER);
    expect(speakerFor(group, 'toString')).toBe(UNKNOWN_SPEAKER);
  });
});

describe('borders of inputs and option buttons (WCAG 1.4.11: 3:1 against white)', () => {
  const css = readFileSync(join(import.meta.dirname, 'chat.module.css'), 'utf8');
  const rule = (selector: string) =>
    new RegExp(`(?:^|\\n)${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';

  it('the primary colour gets its darker shade (4.8:1); its own 2.3:1 is too little', () => {
    expect(contrastRatio(LIGHT_COLORS.primary, '#ffffff')).toBeLessThan(3);
    expect(accentLine(LIGHT_COLORS.primary)).toBe(PRIMARY_DARK);
    expect(contrastRatio(PRIMARY_DARK, '#ffffff')).toBeCloseTo(4.8, 1);
    // The chat's default before the dialog's look is known.
    const fallback = /--accent-line:\s*(#[0-9a-f]{6})/i.exec(rule('.chat'))?.[1] ?? '';
    expect(contrastRatio(fallback, '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it('any accent colour: itself if it has 3:1, else darker in its hue', () => {
    for (const accent of ['#EE6F2D', '#F5B63F', '#43A047', '#FFFFFF', '#d9fdd3', '#0b84fe']) {
      const line = accentLine(accent);
      expect(contrastRatio(line, '#ffffff'), accent).toBeGreaterThanOrEqual(3);
      if (contrastRatio(accent, '#ffffff') >= 3) expect(line, accent).toBe(accent);
      // Darker only as far as needed.
      else expect(contrastRatio(line, '#ffffff'), accent).toBeLessThan(3.4);
    }
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(accentLine('#F5B63F').slice(i, i + 2), 16));
    // The hue of #F5B63F: red above green above blue, in about the same proportions.
    expect(g! / r!).toBeCloseTo(0xb6 / 0xf5, 1);
    expect(b! / r!).toBeCloseTo(0x3f / 0xf5, 1);
  });

  it("the dialog's look sets it; option buttons and the text field draw their borders in it", () => {
    expect(lookStyle(chatLook(null))).toMatchObject({ '--accent-line': PRIMARY_DARK });
    expect(lookStyle(chatLook(config))).toMatchObject({ '--accent-line': accentLine('#EE6F2D') });
    expect(rule('.option')).toMatch(/border:\s*1px solid var\(--accent-line\)/);
    expect(rule('.field')).toMatch(/border:\s*1px solid var\(--accent-line\)/);
    expect(rule('.field:focus')).toMatch(/outline:\s*2px solid var\(--accent-line\)/);
    // Fills keep the accent: selected options, the user's bubbles.
    expect(css).toMatch(
      /\.option\[aria-pressed="true"\],\s*\.option\[aria-checked="true"\]\s*\{\s*background: var\(--accent\);/,
    );
  });
});
