/** The account screen's API keys (issue 22). */
export const apiKeysDe = {
  title: 'API-Schlüssel',
  intro:
    'Mit einem API-Schlüssel rufen Skripte die API in Ihrem Namen auf, nur in den gewählten Bereichen und mit Ihren Rechten am Dialog.',
  name: 'Name',
  scopes: 'Bereiche',
  scope: { read: 'Ergebnisse lesen', export: 'Exportieren', manage: 'Dialoge verwalten' },
  expiry: 'Gültig für',
  days: '{{count}} Tage',
  create: 'Schlüssel erstellen',
  created: 'Ihr neuer Schlüssel. Er wird nur jetzt angezeigt: kopieren Sie ihn an einen sicheren Ort.',
  copy: 'Schlüssel kopieren',
  none: 'Noch keine API-Schlüssel.',
  expires: 'läuft ab {{date}}',
  lastUsed: 'zuletzt benutzt {{date}}',
  neverUsed: 'noch nie benutzt',
  revoked: 'widerrufen',
  expired: 'abgelaufen',
  revoke: 'Widerrufen',
  revokeText: 'Der Schlüssel „{{name}}“ funktioniert danach nicht mehr.',
  failed: 'API-Schlüssel: Aktion fehlgeschlagen',
};
