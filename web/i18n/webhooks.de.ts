/** A dialog's webhooks in its settings (issue 22). */
export const webhooksDe = {
  title: 'Webhooks',
  intro:
    'Schickt Ereignisse dieses Dialogs als signiertes JSON (Standard Webhooks) an eine https-Adresse, z. B. jeden beendeten Chat mit seinen Antworten.',
  url: 'Adresse (https)',
  eventsLabel: 'Ereignisse',
  events: {
    'chat.started': 'Chat begonnen',
    'chat.finished': 'Chat beendet',
    'respondent.deleted': 'Daten von Teilnehmenden gelöscht',
    'version.published': 'Version veröffentlicht',
  },
  add: 'Webhook hinzufügen',
  secretOnce:
    'Das Signatur-Geheimnis dieses Webhooks. Es wird nur jetzt angezeigt: hinterlegen Sie es beim Empfänger.',
  copySecret: 'Geheimnis kopieren',
  enabled: 'Aktiv',
  test: 'Test senden',
  log: 'Zustellungen',
  remove: 'Entfernen',
  resend: 'Erneut senden',
  noDeliveries: 'Noch keine Zustellungen.',
  time: 'Zeit',
  event: 'Ereignis',
  status: 'Status',
  duration: 'Dauer',
  response: 'Antwort',
  attempts: '{{count}} Versuche',
  states: { pending: 'wartet', delivered: 'zugestellt', failed: 'aufgegeben' },
  failed: 'Webhook: Aktion fehlgeschlagen',
};
