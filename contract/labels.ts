/**
 * The contract's German labels and messages that the web's translation files show. Kept apart from the
 * schemas of their areas and free of zod: the translations are in the author app's first download, and
 * importing a schema module would bring zod and build its schemas there. No imports either: the areas
 * re-export these typed by their own keys (BLOCK_TYPE_LABELS: Record<BlockType, string>), which checks
 * that every key has its label.
 */

export const BLOCK_TYPE_LABELS = {
  message: 'Nachricht',
  open_text: 'Freitext',
  single_choice: 'Einfachauswahl',
  multiple_choice: 'Mehrfachauswahl',
  likert: 'Likert-Skala',
  number: 'Zahl',
  email: 'E-Mail',
  date: 'Datum',
  link: 'Link',
  media: 'Medien',
  gpt: 'GPT-Nachfrage',
  qa: 'Fragen & Antworten',
  end: 'Ende',
};

export const LIKERT_NA_LABEL = 'keine Angabe';

export const STALE_BLOCK_MSG = 'Dieser Block wurde inzwischen von jemand anderem geändert. Bitte neu laden.';

export const MESSENGER_STYLE_LABELS = {
  standard: 'Standard',
  whatsapp: 'Grün (WhatsApp-Stil)',
  imessage: 'Blau (iMessage-Stil)',
};

export const MEDIA_TYPE_LABELS = {
  logo: 'Logo',
  avatar: 'Avatarbild',
  image: 'Bild',
  audio: 'Audiodatei',
  video: 'Video',
};

/** The German names of the modes, as the configurator shows them. */
export const VERSION_MODE_LABELS = {
  direct: 'Direkt',
  publish: 'Mit Veröffentlichen',
};

/** The answer to a reset request, the same whether or not the account exists. */
export const PASSWORD_RESET_REQUESTED =
  'Wenn es zu diesen Angaben ein Konto mit E-Mail-Adresse gibt, haben wir einen Link zum Zurücksetzen des Passworts gesendet.';

/** The invite form's texts (SPEC §5), letter for letter; the server answers with the same ones. */
export const SHARING_MESSAGES = {
  emailRequired: 'Bitte gültige E-Mail angeben',
  emailInvalid: 'Bitte gültige Email angeben',
  roleRequired: 'Bitte eine Berechtigung auswählen',
} as const;
