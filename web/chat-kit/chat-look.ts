import type { CSSProperties } from 'react';
import type { ClientConfig } from '../../contract/chat.ts';
import { DEFAULT_SPEED, LIGHT_COLORS } from '../../contract/constants.ts';
import type { MESSENGER_STYLES } from '../../contract/dialogs.ts';

/**
 * A dialog's chat look from its client config (SPEC §3): accent colour, background, avatar, messenger
 * style, speed and the autoplay flags. Addresses from the server are used only when they are http(s) or
 * paths of this site, so no javascript: or data: URL ever reaches an href or src.
 */
export type MessengerStyle = (typeof MESSENGER_STYLES)[number];

/** Checked against the contract's list by the type: a new style must be added here. */
const STYLES: Record<MessengerStyle, true> = { standard: true, whatsapp: true, imessage: true };

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** http(s) URLs and same-site paths (not protocol-relative ones). */
export function safeUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  return /^https?:\/\/[^\s]+$/i.test(v) ? v : null;
}

/** A link button's target: web addresses plus mail and phone links. */
export function safeLinkUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (v && /^(mailto|tel):[^\s]+$/i.test(v)) return v;
  return safeUrl(v);
}

export function accentColor(value: string | null | undefined): string {
  return value && HEX_COLOR.test(value) ? value : LIGHT_COLORS.primary;
}

/** The dark text colour on light backgrounds (the chat's --bot-fg). */
export const DARK_TEXT = '#1b1f24';
export const LIGHT_TEXT = '#ffffff';

/** WCAG 2 relative luminance of a #RRGGBB colour. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two #RRGGBB colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * Dark or white text, whichever has the higher WCAG contrast ratio on the colour (user bubble, send
 * and link buttons, selected options, the confirm buttons on the primary colour). Ties go to white.
 */
export function textOn(hex: string): typeof LIGHT_TEXT | typeof DARK_TEXT {
  return contrastRatio(hex, DARK_TEXT) > contrastRatio(hex, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}

/** The palette primary's darker shade (links): 4.8:1 on white, where the primary has 2.3:1. */
export const PRIMARY_DARK = '#2a7f78';

/** Non-text contrast (WCAG 1.4.11) of a component's boundary against its background. */
const BOUNDARY_CONTRAST = 3;

/**
 * The colour of input and option borders on white for an accent colour: the accent where it has 3:1,
 * else a darker shade of its hue (the primary's is PRIMARY_DARK). Fills keep the accent itself.
 */
export function accentLine(accent: string): string {
  if (accent.toLowerCase() === LIGHT_COLORS.primary.toLowerCase()) return PRIMARY_DARK;
  const channels = [1, 3, 5].map((i) => Number.parseInt(accent.slice(i, i + 2), 16));
  let line = accent;
  // Scaling every channel alike keeps the hue; 5 % steps land close above 3:1.
  for (let f = 0.95; contrastRatio(line, LIGHT_TEXT) < BOUNDARY_CONTRAST; f *= 0.95) {
    line = `#${channels
      .map((c) =>
        Math.round(c * f)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  }
  return line;
}

export function messengerStyle(value: string | null | undefined): MessengerStyle {
  return value && Object.hasOwn(STYLES, value) ? (value as MessengerStyle) : 'standard';
}

/** A usable speed (SPEC §3, higher is faster): a positive finite number, else the default. */
export function effectiveSpeed(speed: number | null | undefined): number {
  return typeof speed === 'number' && Number.isFinite(speed) && speed > 0 ? speed : DEFAULT_SPEED;
}

export interface ChatLook {
  accent: string;
  onAccent: string;
  background: string | null;
  avatarSrc: string | null;
  avatarName: string;
  messenger: MessengerStyle;
  speed: number;
  autoplayAudio: boolean;
  autoplayVideo: boolean;
  /** Game mode's media host for uploads (SPEC §9); null: standard mode, media from this site. */
  mediaBase: string | null;
}

export function chatLook(config: ClientConfig | null | undefined): ChatLook {
  const accent = accentColor(config?.config.accent_color);
  return {
    accent,
    onAccent: textOn(accent),
    background: safeUrl(config?.background_link || config?.config.background_image),
    avatarSrc: safeUrl(config?.config.avatar_src),
    avatarName: config?.config.avatar_name || config?.avatar_name || config?.survey_name || '',
    messenger: messengerStyle(config?.messenger_ui),
    speed: effectiveSpeed(config?.speed),
    autoplayAudio: config?.config.audio_messages === true,
    autoplayVideo: config?.config.video_messages === true,
    mediaBase: null,
  };
}

/** The look as CSS custom properties and background of the chat's root element. */
export function lookStyle(look: ChatLook): CSSProperties {
  return {
    ...accentStyle(look.accent),
    backgroundImage: look.background ? `url(${JSON.stringify(look.background)})` : undefined,
  } as CSSProperties;
}

/**
 * The accent colour's custom properties (fill, text on it, lines), for the chat and for what sits
 * outside it in the dialog's colours: the top bar's confirm popups.
 */
export function accentStyle(color: string | null | undefined): CSSProperties {
  const accent = accentColor(color);
  return {
    '--accent': accent,
    '--on-accent': textOn(accent),
    '--accent-line': accentLine(accent),
  } as CSSProperties;
}
