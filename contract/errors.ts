/** Error titles the server sends and the client recognises (SPEC §8). */
export const ERROR_TITLES = {
  validation: 'validation_error',
  invalidCredentials: 'Invalid credentials',
  passwordExpired: 'password_expired',
  tooManyAttempts: 'too_many_attempts',
  accountDisabled: 'account_disabled',
  unauthorized: 'unauthorized',
  tokenExpired: 'Token has expired',
  freshTokenRequired: 'Fresh token required',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  invalidLink: 'invalid_link',
  usernameExists: 'Username already exists',
  serverBusy: 'server_busy',
  /** An e-mail could not be sent (SMTP refused or unreachable, outbox not writable); answered with 502. */
  mailFailed: 'mail_failed',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  dialogInactive: 'Dialog ist nicht mehr aktiv.',
  /** A live token not registered for the dialog of a chat call (contract/chat.ts): register anew. */
  liveNotRegistered: 'live_not_registered',
  notEnoughSegments: 'Not enough segments',
  /** A chat that reached MAX_CHAT_MESSAGES (contract/chat.ts); answered with 429. */
  chatTooLong: 'chat_too_long',
  /** A link's hidden fields refused at a chat's start (contract/hidden-fields.ts): said instead of the chat. */
  hiddenFields: 'hidden_fields_invalid',
  internal: 'internal_error',
} as const;

/** User-facing texts of SPEC §8, letter for letter. */
export const MESSAGES = {
  loginNoResponse: 'Fehler.',
  loginPasswordExpired: 'Ihr Passwort ist abgelaufen. Bitte setzen Sie Ihr Passwort zurück.',
  loginTooManyAttempts: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
  invalidCredentials: 'Invalid credentials',
  usernameExists: 'Username already exists',
  invalidMagicLink: 'Ungültiger Link. Bitte erneut versuchen oder anmelden.',
  loggedOut: 'Sie wurden abgemeldet. Bitte erneut anmelden.',
  pleaseLogin: 'Bitte anmelden.',
  tokenExpired: 'Sie wurden automatisch ausgeloggt. Bitte loggen Sie sich erneut ein.',
  errorDialogDefault:
    'Ups… Es ist etwas schiefgelaufen. Bitte versuchen Sie es jetzt oder zu einem späteren Zeitpunkt erneut.',
  dialogEnded: 'Der Dialog wurde bereits beendet. Daher ist ein Dialog aktuell nicht mehr möglich.',
  genericError: 'Ein Fehler ist aufgetreten.',
  serverBusy:
    'Unser Messenger ist gerade ausergewöhnlich stark ausgelastet. Es kann kurz dauern bis wir mehr Ressourcen bereitgestellt haben. Sie können warten, oder versuchen es später erneut.',
} as const;

/** The JSON body of every error response (ARCHITECTURE.md, "The API"). */
export interface ApiErrorBody {
  title: string;
  msg: string;
}
