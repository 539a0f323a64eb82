/** The games' refusals (the chat's own, such as an inactive dialog, are in server/chat/errors.ts). */
export const NO_DIALOGS = 'Dieser Dialog-Manager hat keine Dialoge.';
export const NOT_BEGUN = 'Für dieses Spiel wurde noch kein Chat begonnen.';
export const TRIGGER_NOT_FOUND = 'Trigger nicht gefunden.';
export const WRONG_SECRET = 'Das Trigger-Geheimnis fehlt oder ist falsch.';
export const NO_WAITING_CHAT = 'Kein Chat dieser Teilnahme wartet auf diesen Trigger.';
