import { LIVE_NOT_REGISTERED_TITLE } from '../../contract/chat.ts';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { ApiError } from '../http/errors.ts';

/** The chat's refusals, shared by the single chat and the games (server/multichat). */

export const inactive = () => new ApiError(403, ERROR_TITLES.dialogInactive, MESSAGES.dialogEnded);

export const notRegistered = () =>
  new ApiError(
    403,
    LIVE_NOT_REGISTERED_TITLE,
    'Diese Zugangsdaten gelten nicht für diesen Dialog. Bitte den Dialog neu laden.',
  );

export const ONLY_PARTICIPANTS_DELETE = 'Nur Teilnehmende können ihre Antworten löschen.';
export const NO_CHAT_BEGUN = 'Für diesen Dialog wurde noch kein Chat begonnen.';
export const LIVE_NEEDS_LIVE_TOKEN = 'live: true verlangt die Zugangsdaten einer Teilnahme (live token).';
export const TEST_NEEDS_AUTHOR = 'live: false verlangt die Anmeldung einer Autorin oder eines Autors.';
export const NO_VERSION_CHOICE_LIVE =
  'version: nur der Test-Chat einer Autorin oder eines Autors wählt die Version (Entwurf oder veröffentlicht).';
