import { describe, expect, it } from 'vitest';
import { assetUrl, avatarInitials, chatLook, contrastText, sampleMessage } from './chat-look.ts';

describe('chat preview look', () => {
  it('uses the accent colour in the standard style, with readable text on it', () => {
    const look = chatLook({ messenger: 'standard', accent_color: '#5ABAB2' });
    expect(look.header).toBe('#5ABAB2');
    expect(look.userBubble).toBe('#5ABAB2');
    expect(contrastText('#FFFF00')).toBe('#000000');
    expect(contrastText('#1A237E')).toBe('#FFFFFF');
  });

  it('imitates the messenger styles', () => {
    expect(chatLook({ messenger: 'whatsapp', accent_color: '#000000' }).userBubble).toBe('#DCF8C6');
    expect(chatLook({ messenger: 'imessage', accent_color: '#000000' }).userBubble).toBe('#0A84FF');
  });

  it('takes the first text bubble of the welcome as sample', () => {
    expect(sampleMessage('image:file:a.png§§#500#§§Hallo {{name}}§§Zweite')).toBe('Hallo {{name}}');
    expect(sampleMessage('')).toBe('');
  });

  it('builds initials and image addresses', () => {
    expect(avatarInitials('Dialog Werk Bot')).toBe('DW');
    expect(avatarInitials('')).toBe('');
    expect(avatarInitials('😀Emma Östlich')).toBe('😀Ö');
    expect(assetUrl('/media/x.png')).toBe('/media/x.png');
    expect(assetUrl('https://a.de/b.png')).toBe('https://a.de/b.png');
    expect(assetUrl('dialogwerk')).toBeNull();
  });
});
