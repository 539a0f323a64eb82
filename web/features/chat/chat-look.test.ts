import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../../contract/chat.ts';
import { LIGHT_COLORS } from '../../../contract/constants.ts';
import {
  accentColor,
  chatLook,
  gameLook,
  messengerStyle,
  safeLinkUrl,
  safeUrl,
  speakerFor,
  speakerOf,
  textOn,
  UNKNOWN_SPEAKER,
} from './chat-look.ts';

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
      onAccent: '#ffffff',
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
