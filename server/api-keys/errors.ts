/** Texts of the API key answers. */
export const API_KEY_ERRORS = {
  invalid: 'Dieser API-Schlüssel ist ungültig, abgelaufen oder widerrufen.',
  notForKeys: 'Dieser Aufruf ist mit einem API-Schlüssel nicht möglich.',
  missingScope: (scope: string) => `Dieser API-Schlüssel hat den Bereich '${scope}' nicht.`,
  tooMany: 'Zu viele Aufrufe mit diesem API-Schlüssel. Bitte kurz warten.',
  notFound: 'Diesen API-Schlüssel gibt es nicht.',
  accountDisabled: 'Dieses Konto ist deaktiviert.',
} as const;
