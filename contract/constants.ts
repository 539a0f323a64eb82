/** Business constants and timings of SPEC §9 and §4. */
export const TIMINGS = {
  serverBusyBannerMs: 6000,
  busyNoticeAfterMs: 10000,
  busyNoticeShownMs: 6000,
} as const;

export const DEFAULT_SPEED = 0.5;
export const DEFAULT_LANGUAGE = 'de';
export const SUPPORTED_LANGUAGES = ['de', 'en'] as const;

/** The longest typed answer POST /api/chat/answer takes (the chat input cannot take more). */
export const ANSWER_MAX_LENGTH = 5000;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** Fixed manager ids of the public games /flow and /aufderflucht (SPEC §9). */
export const FIXED_MANAGER_IDS = { flow: 3, aufderflucht: 4 } as const;

export const LAYOUT = {
  navBreakpoint: 1080,
  logoMaxHeight: 40,
  logoMaxWidthPhone: 174,
  logoMaxWidth: 250,
  sharingDialogWidth: 450,
  popupWidth: 400,
} as const;

export const LIGHT_COLORS = {
  primary: '#5ABAB2',
  secondary: '#F5B63F',
  accent: '#EE6F2D',
  error: '#CB474B',
  info: '#F5B63F',
  success: '#5ABAB2',
  warning: '#CB474B',
  backdrop: '#2A2F3A',
} as const;

/** Our own values for the dark theme (SPEC names the hues: blue, grey, pink, red, green). */
export const DARK_COLORS = {
  primary: '#4A90E2',
  secondary: '#9AA5B1',
  accent: '#E2609C',
  error: '#E05A5E',
  info: '#4A90E2',
  success: '#4CAF7A',
  warning: '#E05A5E',
  backdrop: '#12151B',
} as const;

export const PRODUCT_NAME = 'Dialogwerk';
export const DEFAULT_PAGE_TITLE = 'Dialogwerk – Dialoge';
export const DEFAULT_PAGE_DESCRIPTION =
  'Dialogwerk: Befragungen als Dialog – erstellen, trainieren, testen, teilen und auswerten.';
