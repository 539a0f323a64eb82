/** The messages of the account calls' errors (the tests compare answers with them). */

export const ADMIN_ERRORS = {
  userNotFound: 'Dieses Konto gibt es nicht.',
  usernameTaken: 'Dieser Benutzername ist bereits vergeben.',
  emailTaken: 'Diese E-Mail-Adresse gehört bereits zu einem anderen Konto.',
  notYourself: 'Das eigene Konto kann hier nicht deaktiviert oder gelöscht werden.',
  transferRequired: 'Bitte ein Konto wählen, das die Dialoge dieses Kontos übernimmt.',
  transferToSelf: 'Die Dialoge können nicht an das Konto übertragen werden, das gelöscht wird.',
  transferTargetNotFound: 'Das Konto, das die Dialoge übernehmen soll, gibt es nicht.',
} as const;

export const EMAIL_FLOW_ERRORS = {
  noEmail: 'Bitte eine E-Mail-Adresse angeben.',
  emailTaken: 'Diese E-Mail-Adresse gehört bereits zu einem anderen Konto.',
  accountHasNoEmail: 'Dieses Konto hat keine E-Mail-Adresse.',
  validationMailFailed:
    'Die E-Mail zur Bestätigung konnte nicht gesendet werden. Bitte später erneut versuchen.',
  resetMailFailed: 'Die E-Mail zum Zurücksetzen konnte nicht gesendet werden. Bitte später erneut versuchen.',
} as const;

export const ACCOUNT_ERRORS = {
  wrongPassword: 'Das aktuelle Passwort ist falsch.',
} as const;

export const REGISTRATION_ERRORS = {
  usernameTaken: ADMIN_ERRORS.usernameTaken,
  emailHasAccount: 'Für diese E-Mail-Adresse gibt es bereits ein Konto. Bitte anmelden.',
} as const;
