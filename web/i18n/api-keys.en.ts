import type { Translation } from './de.ts';

/** The account screen's API keys (issue 22). */
export const apiKeysEn: Translation['apiKeys'] = {
  title: 'API keys',
  intro:
    'Scripts use an API key to call the API in your name, only in the chosen scopes and with your rights on each dialog.',
  name: 'Name',
  scopes: 'Scopes',
  scope: { read: 'Read results', export: 'Export', manage: 'Manage dialogs' },
  expiry: 'Valid for',
  days: '{{count}} days',
  create: 'Create key',
  created: 'Your new key. It is shown only now: copy it to a safe place.',
  copy: 'Copy key',
  none: 'No API keys yet.',
  expires: 'expires {{date}}',
  lastUsed: 'last used {{date}}',
  neverUsed: 'never used',
  revoked: 'revoked',
  expired: 'expired',
  revoke: 'Revoke',
  revokeText: 'The key “{{name}}” will stop working.',
  failed: 'API keys: action failed',
};
