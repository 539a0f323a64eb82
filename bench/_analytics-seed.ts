import SQLite from 'better-sqlite3';
import type { DbHandle } from '../server/db/connect.ts';
import { type BlockSpec, blockId, createChatDialog } from '../server/test/chat-fixtures.ts';

/**
 * The data of bench/analytics.ts: a 10-block dialog with every kind of result, and its respondents
 * written straight into the SQLite file (one transaction, prepared statements) the way the chat stores
 * them: per block the bot's question and the respondent's answer as messages, and the answer rows.
 */

export const BENCH_BLOCKS: BlockSpec[] = [
  { id: 'm', type: 'message', context: 'Willkommen zur Umfrage.' },
  { id: 'sc', type: 'single_choice', short_name: 'Zufrieden', options: ['ja', 'nein', 'weiß nicht'] },
  { id: 'mc', type: 'multiple_choice', variable: 'essen', options: ['Obst', 'Gemüse', 'Brot', 'Käse'] },
  { id: 'lk', type: 'likert', options: ['1', '2', '3', '4', '5'] },
  { id: 'nr', type: 'number', short_name: 'Alter', min: 0, max: 120, integer: 1 },
  { id: 'ot', type: 'open_text', options: ['Preis', 'Qualität'], nachfrage: 'Warum?' },
  { id: 'dt', type: 'date' },
  { id: 'li', type: 'likert', options: ['nie', 'selten', 'oft', 'immer'], inverse: 1, likert_na: 1 },
  { id: 'em', type: 'email' },
  { id: 'sc2', type: 'single_choice', options: ['A', 'B'] },
];

const WORDS = ['günstig', 'teuer', 'gut', 'schlecht', 'Qualität', 'Preis', 'lecker', 'frisch', 'okay'];

/** A small deterministic generator, so that every run seeds the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

type Answer = [kind: 'answer' | 'nachfrage', value: string, num: number | null, branch: string | null];

function answersFor(spec: BlockSpec, rnd: () => number): Answer[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  switch (spec.type) {
    case 'single_choice':
      return [['answer', pick(spec.options as string[]), null, null]];
    case 'multiple_choice':
      return (spec.options as string[])
        .filter(() => rnd() < 0.45)
        .map((o): Answer => ['answer', o, null, null])
        .concat([['answer', 'Brot', null, null]])
        .filter((a, i, all) => all.findIndex((b) => b[1] === a[1]) === i);
    case 'likert': {
      const scale = spec.options as string[];
      const i = Math.floor(rnd() * (scale.length + (spec.likert_na ? 1 : 0)));
      if (i >= scale.length) return [['answer', 'keine Angabe', null, null]];
      return [['answer', scale[i]!, spec.inverse ? scale.length - i : i + 1, null]];
    }
    case 'number': {
      const n = 16 + Math.floor(rnd() * 70);
      return [['answer', String(n), n, null]];
    }
    case 'date': {
      const ms = Date.UTC(1950 + Math.floor(rnd() * 60), Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28));
      return [['answer', new Date(ms).toISOString().slice(0, 10), ms, null]];
    }
    case 'open_text': {
      const text = `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}`;
      const branch = rnd() < 0.8 ? pick(spec.options as string[]) : null;
      return [
        ['answer', text, null, branch],
        ['nachfrage', `weil ${pick(WORDS)}`, null, null],
      ];
    }
    case 'email':
      return [['answer', `person${Math.floor(rnd() * 1e6)}@example.org`, null, null]];
    default:
      return [];
  }
}

/**
 * Seeds `respondents` sessions of a new dialog: nine in ten live, one in ten test; about seven in ten
 * finish, the others leave at a random block. Spread over the 60 days before `now`.
 */
export async function seedAnalytics(
  database: DbHandle,
  file: string,
  respondents: number,
  ownerId: number,
  now: number,
): Promise<{ surveyId: string; id: number }> {
  const dialog = await createChatDialog({ database, clock: { now } }, BENCH_BLOCKS, { ownerId });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const insertSession = sqlite.prepare(
    `insert into chat_sessions (survey_id, mode, user_id, state, started_at, updated_at, finished_at, last_block)
     values (?, ?, ?, '{}', ?, ?, ?, ?)`,
  );
  const insertMessage = sqlite.prepare(
    `insert into chat_messages (session_id, seq, user_or_bot, type, context, unique_question_id,
       current_question_id, created_on, mode) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertAnswer = sqlite.prepare(
    `insert into answers (session_id, survey_id, unique_question_id, kind, value, value_num, branch,
       confidence, created_on, mode) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const finish = sqlite.prepare('update chat_sessions set finished_at = ?, updated_at = ? where id = ?');
  const rnd = random(42);
  const ids = BENCH_BLOCKS.map((b) => blockId(b.id, dialog.surveyId));
  sqlite.transaction(() => {
    for (let r = 0; r < respondents; r++) {
      const mode = rnd() < 0.9 ? 'live' : 'test';
      let at = now - Math.floor(rnd() * 60 * 86_400_000);
      const started = at;
      const leaveAt = rnd() < 0.3 ? 1 + Math.floor(rnd() * (BENCH_BLOCKS.length - 1)) : BENCH_BLOCKS.length;
      // The block of the session's last message, as the chat keeps it: the ending message has none.
      const lastBlock = leaveAt === BENCH_BLOCKS.length ? null : ids[leaveAt - 1]!;
      const sessionId = Number(
        insertSession.run(
          dialog.id,
          mode,
          mode === 'test' ? ownerId : null,
          started,
          started,
          null,
          lastBlock,
        ).lastInsertRowid,
      );
      let seq = 0;
      insertMessage.run(sessionId, seq++, 'bot', 'welcome', 'Willkommen!', null, null, at, mode);
      for (let b = 0; b < leaveAt; b++) {
        const spec = BENCH_BLOCKS[b]!;
        const id = ids[b]!;
        const asks = spec.type !== 'message';
        insertMessage.run(sessionId, seq++, 'bot', spec.type, 'Frage', id, asks ? id : null, at, mode);
        if (!asks) continue;
        // The respondent leaving at this block saw the question and did not answer it.
        if (b === leaveAt - 1 && leaveAt < BENCH_BLOCKS.length) break;
        at += 2_000 + Math.floor(rnd() * 30_000);
        const rows = answersFor(spec, rnd);
        const main = rows.filter((a) => a[0] === 'answer');
        const shown = main.map((a) => a[1]).join(', ');
        insertMessage.run(sessionId, seq++, 'user', `${spec.type}_response`, shown, id, null, at, mode);
        for (const [kind, value, num, branch] of main) {
          insertAnswer.run(sessionId, dialog.id, id, kind, value, num, branch, branch ? 0.8 : null, at, mode);
        }
        for (const [kind, value] of rows.filter((a) => a[0] === 'nachfrage')) {
          insertMessage.run(sessionId, seq++, 'bot', 'nachfrage', 'Warum?', id, id, at, mode);
          at += 5_000;
          insertMessage.run(sessionId, seq++, 'user', 'nachfrage_response', value, id, null, at, mode);
          insertAnswer.run(sessionId, dialog.id, id, kind, value, null, null, null, at, mode);
        }
      }
      if (leaveAt === BENCH_BLOCKS.length) {
        insertMessage.run(sessionId, seq++, 'bot', 'ending', 'Ende.', null, null, at, mode);
        finish.run(at, at, sessionId);
      }
    }
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return dialog;
}
