// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_FIELDS, type ChatMessage } from '../../../contract/chat.ts';
import { botEntry as bot, UNANSWERED_FOLLOW_UP, userEntry as user } from '../test-data.ts';
import {
  clearAllHistories,
  clearHistory,
  dropUnfinishedFollowUp,
  mergeGameHistories,
  readHistory,
  reusableHistories,
  toHistoryEntry,
  writeGameHistories,
  writeHistory,
} from './history-store.ts';

const SPEC_FIELDS = [...CHAT_MESSAGE_FIELDS].sort();

describe('local chat history (SPEC §3)', () => {
  beforeEach(() => localStorage.clear());

  it('stores per dialog id entries with exactly the fields of SPEC §3', () => {
    const extra = { ...bot('Hallo'), id: 7, seq: 0 } as ChatMessage;
    writeHistory('S1', [extra, user('Anna', { unique_question_id: 'q1', finished_question_id: 'q1' })]);
    const raw = JSON.parse(localStorage.getItem('chat_history_S1') ?? 'null') as Record<string, unknown>[];
    expect(raw).toHaveLength(2);
    for (const entry of raw) expect(Object.keys(entry).sort()).toEqual(SPEC_FIELDS);
    expect(raw[1]).toMatchObject({ type: 'open_text-r', user_or_bot: 'user', finished_question_id: 'q1' });
    expect(readHistory('S1')).toEqual(raw);
    expect(readHistory('S2')).toBeNull();
  });

  it('created_on is kept in milliseconds and responses keep their -r type', () => {
    const entry = toHistoryEntry(user('x', { created_on: 1_700_000_123_456, type: 'likert-r' }));
    expect(entry.created_on).toBe(1_700_000_123_456);
    expect(entry.type).toBe('likert-r');
  });

  it('reads unreadable or foreign data as no history', () => {
    localStorage.setItem('chat_history_S1', '{not json');
    expect(readHistory('S1')).toBeNull();
    localStorage.setItem('chat_history_S1', JSON.stringify([{ context: 1 }]));
    expect(readHistory('S1')).toBeNull();
    localStorage.setItem('chat_history_S1', JSON.stringify({ context: 'x' }));
    expect(readHistory('S1')).toBeNull();
  });

  it('clears one dialog or all of them, leaving other keys alone', () => {
    writeHistory('S1', [bot('a')]);
    writeHistory('S2', [bot('b')]);
    localStorage.setItem('token_live', 'T');
    clearHistory('S1');
    expect(readHistory('S1')).toBeNull();
    expect(readHistory('S2')).not.toBeNull();
    writeHistory('S3', [bot('c')]);
    clearAllHistories();
    expect(readHistory('S2')).toBeNull();
    expect(readHistory('S3')).toBeNull();
    expect(localStorage.getItem('token_live')).toBe('T');
  });
});

describe('reuse rule (SPEC §5)', () => {
  const stored: Record<string, ChatMessage[]> = { A: [bot('a')], B: [bot('b')], E: [] };
  const read = (id: string) => stored[id] ?? null;

  it('reuses stored history only when every dialog of the session has an entry', () => {
    expect(reusableHistories(['A'], read)).toEqual({ A: stored.A });
    expect(reusableHistories(['A', 'B'], read)).toEqual({ A: stored.A, B: stored.B });
    expect(reusableHistories(['A', 'C'], read)).toBeNull();
    // A game stores an empty history for a dialog it has not reached: that is an entry for it.
    expect(reusableHistories(['A', 'E'], read)).toEqual({ A: stored.A, E: [] });
    expect(reusableHistories(['E'], read)).toBeNull();
    expect(reusableHistories([], read)).toBeNull();
  });

  it('reads localStorage by default', () => {
    localStorage.clear();
    expect(reusableHistories(['S1'])).toBeNull();
    writeHistory('S1', [bot('a')]);
    expect(reusableHistories(['S1'])?.S1).toHaveLength(1);
  });
});

describe('multi-dialog chat histories', () => {
  it('stores one history per dialog, an empty one for a dialog not reached, and reuses them together', () => {
    localStorage.clear();
    const first = { ...bot('Willkommen', { created_on: 1 }), id: 1, survey_id: 'A' };
    const second = { ...user('Ja', { created_on: 3 }), id: 3, survey_id: 'A' };
    const other = { ...bot('Anruf', { created_on: 2 }), id: 2, survey_id: 'B' };
    writeGameHistories(['A', 'B', 'C'], [first, other, second]);
    expect(readHistory('C')).toEqual([]);
    const stored = reusableHistories(['A', 'B', 'C']);
    expect(stored).not.toBeNull();
    expect(mergeGameHistories(stored!).map((e) => e.context)).toEqual(['Willkommen', 'Anruf', 'Ja']);
    // Each entry speaks as its dialog again (the bubble's avatar and name follow it).
    expect(mergeGameHistories(stored!).map((e) => e.survey_id)).toEqual(['A', 'B', 'A']);
    // A dialog added to the game since: the stored history no longer covers it.
    expect(reusableHistories(['A', 'B', 'C', 'D'])).toBeNull();
  });
});

describe('partial resume drops an unfinished follow-up (SPEC §4)', () => {
  const { question, answer, followUp } = UNANSWERED_FOLLOW_UP;

  it('drops the follow-up question that was not answered yet', () => {
    expect(dropUnfinishedFollowUp([question, answer, followUp])).toEqual([question, answer]);
  });

  it('drops its hints and the answers that were refused', () => {
    const empty = user('', { type: 'nachfrage-r', unique_question_id: 'q', nachfrage_id: 'q' });
    const hint = bot('Bitte schreiben Sie eine Antwort.', {
      type: 'invalid',
      unique_question_id: 'q',
      nachfrage_id: 'q',
      current_question_id: 'q',
    });
    expect(dropUnfinishedFollowUp([question, answer, followUp, empty, hint])).toEqual([question, answer]);
  });

  it('keeps an answered follow-up and everything after it', () => {
    const done = user('weil', {
      type: 'nachfrage-r',
      unique_question_id: 'q',
      nachfrage_id: 'q',
      finished_question_id: 'q',
    });
    const next = bot('Danke!', { type: 'acknowledgement', unique_question_id: 'q' });
    const all = [question, answer, followUp, done, next];
    expect(dropUnfinishedFollowUp(all)).toEqual(all);
  });

  it('a follow-up asked again in a loop is dropped, its first round stays', () => {
    const done = user('weil', {
      type: 'nachfrage-r',
      unique_question_id: 'q',
      nachfrage_id: 'q',
      finished_question_id: 'q',
    });
    const first = [question, answer, followUp, done];
    expect(dropUnfinishedFollowUp([...first, question, answer, followUp])).toEqual([
      ...first,
      question,
      answer,
    ]);
  });
});
