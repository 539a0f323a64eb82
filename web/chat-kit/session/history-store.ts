import type { ChatMessage } from '../../../contract/chat.ts';
import {
  CHAT_HISTORY_PREFIX,
  chatHistoryKey,
  readStoredJson,
  storedKeysWithPrefix,
  writeStored,
} from '../../state/storage.ts';

/**
 * The respondent's local chat history per dialog id (SPEC §3), in localStorage under
 * chat_history_<survey_id>. Each entry has exactly SPEC's fields; the server's history stays
 * authoritative (a reload asks POST /api/chat/history), the local copy decides whether a visitor is a
 * returning one and what to show until the server has answered.
 */
export type HistoryEntry = ChatMessage;

const NULLABLE_TEXT_FIELDS = [
  'unique_question_id',
  'nachfrage_id',
  'current_question_id',
  'finished_question_id',
] as const;

/** Exactly the fields of SPEC §3, whatever else the message carried. */
export function toHistoryEntry(m: ChatMessage): HistoryEntry {
  return {
    context: m.context,
    created_on: m.created_on,
    type: m.type,
    unique_question_id: m.unique_question_id,
    nachfrage_id: m.nachfrage_id,
    current_question_id: m.current_question_id,
    finished_question_id: m.finished_question_id,
    user_or_bot: m.user_or_bot,
  };
}

function isHistoryEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.context === 'string' &&
    typeof v.created_on === 'number' &&
    Number.isInteger(v.created_on) &&
    typeof v.type === 'string' &&
    (v.user_or_bot === 'user' || v.user_or_bot === 'bot') &&
    NULLABLE_TEXT_FIELDS.every((k) => v[k] === null || typeof v[k] === 'string')
  );
}

/** The stored history of a dialog; null when none is stored or it is unreadable (treated as none). */
export function readHistory(surveyId: string): HistoryEntry[] | null {
  const stored = readStoredJson<unknown>(chatHistoryKey(surveyId));
  if (!Array.isArray(stored) || !stored.every(isHistoryEntry)) return null;
  return stored.map(toHistoryEntry);
}

export function writeHistory(surveyId: string, entries: readonly ChatMessage[]): void {
  writeStored(chatHistoryKey(surveyId), JSON.stringify(entries.map(toHistoryEntry)));
}

export function clearHistory(surveyId: string): void {
  writeStored(chatHistoryKey(surveyId), null);
}

/** Every dialog's history: consent withdrawn or live credentials gone. */
export function clearAllHistories(): void {
  for (const key of storedKeysWithPrefix(CHAT_HISTORY_PREFIX)) {
    clearHistory(key.slice(CHAT_HISTORY_PREFIX.length));
  }
}

/**
 * SPEC §5: stored history is reused only if it has an entry for every dialog in the session (one dialog
 * here, all dialogs of a multi-dialog chat), i.e. a stored history per dialog; a multi-dialog chat stores
 * one for each of its dialogs, empty for those the game has not reached yet. With no entry at all there
 * is nothing to resume. Returns the histories by dialog id, or null when the visitor is not a returning
 * one.
 */
export function reusableHistories(
  surveyIds: readonly string[],
  read: (surveyId: string) => HistoryEntry[] | null = readHistory,
): Record<string, HistoryEntry[]> | null {
  const found: Record<string, HistoryEntry[]> = {};
  for (const id of surveyIds) {
    const entries = read(id);
    if (!entries) return null;
    found[id] = entries;
  }
  return Object.values(found).some((entries) => entries.length > 0) ? found : null;
}

/** A multi-dialog chat's history stored per dialog: every dialog of the game gets its (maybe empty) list. */
export function writeGameHistories(
  surveyIds: readonly string[],
  messages: readonly (ChatMessage & { survey_id: string })[],
): void {
  for (const id of surveyIds) {
    writeHistory(
      id,
      messages.filter((m) => m.survey_id === id),
    );
  }
}

/**
 * The stored histories of a game's dialogs as one chat, in the order they were written; each entry
 * carries the dialog it belongs to (survey_id, as the server's messages do), so it speaks as that dialog.
 */
export function mergeGameHistories(
  histories: Record<string, HistoryEntry[]>,
): (HistoryEntry & { survey_id: string })[] {
  return Object.entries(histories)
    .flatMap(([surveyId, entries]) =>
      dropUnfinishedFollowUp(entries).map((e) => ({ ...e, survey_id: surveyId })),
    )
    .sort((a, b) => a.created_on - b.created_on);
}

/**
 * SPEC §4: on a partial resume (the stored history without the server's) an unfinished follow-up is
 * dropped: its question, hints and unaccepted answers, i.e. every follow-up entry after that follow-up's
 * last valid answer (a block met again in a loop asks it anew). The server asks it again when it answers.
 */
export function dropUnfinishedFollowUp(entries: readonly HistoryEntry[]): HistoryEntry[] {
  const lastDone = new Map<string, number>();
  entries.forEach((e, i) => {
    if (e.nachfrage_id !== null && e.user_or_bot === 'user' && e.finished_question_id === e.nachfrage_id) {
      lastDone.set(e.nachfrage_id, i);
    }
  });
  return entries.filter((e, i) => e.nachfrage_id === null || i <= (lastDone.get(e.nachfrage_id) ?? -1));
}
