/** Panel studies (issue 22): hidden fields in the settings, the panel link on Teilen, end redirects. */
export const panelDe = {
  hiddenTitle: 'Versteckte Felder',
  hiddenIntro:
    'Werte, die ein Link mitbringt (z. B. /dialog/…?pid=123): werden mit dem Chat gespeichert, nie angezeigt, und sind als {{placeholder}} in Texten und Weiterleitungen, als Filter in Analyse und als Spalten im Export nutzbar.',
  fieldName: 'Name',
  required: 'Pflicht',
  addField: 'Feld hinzufügen',
  removeField: 'Feld {{name}} entfernen',
  save: 'Felder speichern',
  saved: 'Gespeichert.',
  saveFailed: 'Versteckte Felder: Speichern fehlgeschlagen',
  nameRule: 'Buchstaben, Ziffern und _, mit einem Buchstaben vorn, höchstens 32',
  duplicate: 'Name doppelt',
  panelLink: 'Panel-Link',
  panelLinkHint:
    'Link für ein Panel oder CRM: Ersetzen Sie die Platzhalter {{placeholder}} durch die Werte je Person (das Panel tut das meist selbst).',
  copyPanelLink: 'Panel-Link kopieren',
  redirectTitle: 'Weiterleitung am Ende',
  inGame:
    'Dieser Dialog gehört zu einem Spiel. Im Spiel gelten die Weiterleitung am Ende und die Quoten nicht (das Spiel geht weiter); sie gelten, wenn der Dialog über seinen eigenen Link oder sein Widget aufgerufen wird.',
  redirectUrl: 'Adresse (http/https)',
  redirectHint:
    'Nach der letzten Nachricht geht es zu dieser Adresse; {{placeholder}} wird URL-kodiert eingesetzt, z. B. {{example}}.',
  redirectNone: 'Leer: keine Weiterleitung.',
  redirectDelay: 'Nach Sekunden (0 = sofort)',
  redirectFallback: 'Leer: die Weiterleitung des Dialogs (Einstellungen).',
};
