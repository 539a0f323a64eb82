/** Messages of the training area's refusals. */
export const NOT_TRAINABLE = 'Nur Freitextblöcke mit Zweigen können trainiert werden.';
export const EXAMPLE_NOT_FOUND = 'Beispiel nicht gefunden.';
export const INBOX_NOT_FOUND = 'Eintrag nicht gefunden.';
export const TRAINING_RUNNING = 'Das Training läuft bereits.';
export const TOO_FEW_BRANCHES =
  'Zum Trainieren brauchen mindestens zwei Zweige (oder „keiner davon“) Beispiele.';
export const CONDITION_NOT_FOUND = 'Exit-Bedingung nicht gefunden.';
export const NOT_GPT = 'Exit-Bedingungen gibt es nur für GPT-Blöcke.';
