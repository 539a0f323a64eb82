import type { Translation } from './de.ts';

/** Panel studies (issue 22): hidden fields in the settings, the panel link on Teilen, end redirects. */
export const panelEn: Translation['panel'] = {
  hiddenTitle: 'Hidden fields',
  hiddenIntro:
    'Values a link brings along (e.g. /dialog/…?pid=123): stored with the chat, never shown, usable as {{placeholder}} in texts and redirects, as Analyse filters and as export columns.',
  fieldName: 'Name',
  required: 'Required',
  addField: 'Add field',
  removeField: 'Remove field {{name}}',
  save: 'Save fields',
  saved: 'Saved.',
  saveFailed: 'Hidden fields: saving failed',
  nameRule: 'Letters, digits and _, starting with a letter, at most 32',
  duplicate: 'Name used twice',
  panelLink: 'Panel link',
  panelLinkHint:
    "Link for a panel or CRM: replace the placeholders {{placeholder}} with each person's values (panels usually do this themselves).",
  copyPanelLink: 'Copy panel link',
  redirectTitle: 'Redirect at the end',
  inGame:
    'This dialog belongs to a game. Within the game the redirect at the end and the quotas do not apply (the game goes on); they apply when the dialog is taken by its own link or widget.',
  redirectUrl: 'Address (http/https)',
  redirectHint:
    'After the last message the respondent goes to this address; {{placeholder}} is filled in URL-encoded, e.g. {{example}}.',
  redirectNone: 'Empty: no redirect.',
  redirectDelay: 'After seconds (0 = at once)',
  redirectFallback: "Empty: the dialog's redirect (settings).",
};
