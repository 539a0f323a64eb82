import type { Settings } from '../../../../contract/dialogs.ts';
import { parse } from '../../../../contract/text-content.ts';
import { firstCharacter } from '../../../components/user-menu-entries.ts';

/** Colours of the chat preview per messenger style (the live chat renders the same styles). */
export interface ChatLook {
  header: string;
  headerText: string;
  background: string;
  botBubble: string;
  botText: string;
  userBubble: string;
  userText: string;
}

/** Black or white, whichever reads better on a #RRGGBB colour (WCAG relative luminance). */
export function contrastText(hex: string): '#000000' | '#FFFFFF' {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return '#000000';
  const n = Number.parseInt(m[1]!, 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const lum =
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return lum > 0.4 ? '#000000' : '#FFFFFF';
}

export function chatLook(settings: Pick<Settings, 'messenger' | 'accent_color'>): ChatLook {
  const accent = settings.accent_color;
  switch (settings.messenger) {
    case 'whatsapp':
      return {
        header: '#075E54',
        headerText: '#FFFFFF',
        background: '#ECE5DD',
        botBubble: '#FFFFFF',
        botText: '#111B21',
        userBubble: '#DCF8C6',
        userText: '#111B21',
      };
    case 'imessage':
      return {
        header: '#F6F6F6',
        headerText: '#000000',
        background: '#FFFFFF',
        botBubble: '#E9E9EB',
        botText: '#000000',
        userBubble: '#0A84FF',
        userText: '#FFFFFF',
      };
    default:
      return {
        header: accent,
        headerText: contrastText(accent),
        background: '#F4F6F8',
        botBubble: '#FFFFFF',
        botText: '#1F2328',
        userBubble: accent,
        userText: contrastText(accent),
      };
  }
}

/** The first text bubble of the welcome, as the sample message of the preview. */
export function sampleMessage(welcome: string): string {
  for (const item of parse(welcome)) if (item.kind === 'text' && item.text.trim() !== '') return item.text;
  return '';
}

/** Initials of the avatar name for a missing avatar image. */
export const avatarInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => firstCharacter(w).toUpperCase())
    .join('');

/**
 * Where an image setting can be shown: http(s), /media/… and /img/… as they are; a bare name is a
 * bundled logo asset (the shell's Logo resolves those) and has no direct address.
 */
export const assetUrl = (value: string): string | null =>
  /^(https?:\/\/|\/(media|img)\/)/.test(value) ? value : null;
