/** Error messages of the Analyse calls (also asserted by the route tests). */
export const MANAGER_NOT_FOUND = 'Multi-Chat nicht gefunden.';
export const RESPONDENT_NOT_FOUND = 'Teilnahme nicht gefunden.';
export const CSV_ONE_DIALOG =
  'format: eine CSV-Datei enthält einen Dialog; für einen Multi-Chat bitte xlsx wählen';
