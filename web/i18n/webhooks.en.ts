import type { Translation } from './de.ts';

/** A dialog's webhooks in its settings (issue 22). */
export const webhooksEn: Translation['webhooks'] = {
  title: 'Webhooks',
  intro:
    "Sends this dialog's events as signed JSON (Standard Webhooks) to an https address, e.g. every finished chat with its answers.",
  url: 'Address (https)',
  eventsLabel: 'Events',
  events: {
    'chat.started': 'Chat started',
    'chat.finished': 'Chat finished',
    'respondent.deleted': 'Respondent data deleted',
    'version.published': 'Version published',
  },
  add: 'Add webhook',
  secretOnce: "This webhook's signing secret. It is shown only now: store it with the receiver.",
  copySecret: 'Copy secret',
  enabled: 'Active',
  test: 'Send test',
  log: 'Deliveries',
  remove: 'Remove',
  resend: 'Send again',
  noDeliveries: 'No deliveries yet.',
  time: 'Time',
  event: 'Event',
  status: 'Status',
  duration: 'Duration',
  response: 'Response',
  attempts: '{{count}} attempts',
  states: { pending: 'waiting', delivered: 'delivered', failed: 'given up' },
  failed: 'Webhook: action failed',
};
