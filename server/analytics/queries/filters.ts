import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { AnalyticsFilters, HiddenFilter } from '../../../contract/analytics.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';

// This folder holds the SQL of the Analyse figures, one module per figure; this one the session filter
// they all share.

/**
 * The filters of every Analyse figure as one SQL condition on the sessions, aliased `s` in each query
 * (chat_sessions as s): the dialogs, the mode, the start between from (inclusive) and to (exclusive),
 * finished only, for each answer filter a session that gave that answer (for multiple choice, one of
 * its chosen options; answers rows of kind 'answer' hold exactly the chosen labels), for each hidden
 * field filter a session that started with that value, and with a version filter a session that ran
 * on that version of its dialog (server/versions).
 */
export function sessionFilter(surveyIds: readonly number[], f: AnalyticsFilters): Expression<SqlBool> {
  const conditions = [
    surveyIds.length === 1
      ? sql`s.survey_id = ${surveyIds[0]}`
      : surveyIds.length === 0
        ? sql`1 = 0`
        : sql`s.survey_id in (${sql.join(surveyIds)})`,
  ];
  if (f.mode !== 'all') conditions.push(sql`s.mode = ${f.mode}`);
  if (f.from !== null) conditions.push(sql`s.started_at >= ${f.from}`);
  if (f.to !== null) conditions.push(sql`s.started_at < ${f.to}`);
  if (f.finished_only) conditions.push(sql`s.finished_at is not null`);
  // A session's answers carry its mode (migration 0011), so the block's answers of the shown mode with
  // that value are one contiguous range of answers_value, read once; a lookup of each session's answers
  // (exists) was a random read of answers_session per session, which made a filtered summary of 100,000
  // respondents five times slower than the default view (bench/analytics.ts).
  const answerMode = f.mode === 'all' ? sql`` : sql`and af.mode = ${f.mode}`;
  for (const a of f.answer_equals) {
    const row = a.skipped ? sql`af.kind = 'skip'` : sql`af.kind = 'answer' and af.value = ${a.value}`;
    conditions.push(sql`s.id in (select af.session_id from answers af
      where af.unique_question_id = ${a.unique_question_id} ${answerMode} and ${row})`);
  }
  for (const h of f.hidden_equals) conditions.push(hiddenEquals(h));
  if (f.version !== undefined) {
    conditions.push(sql`s.version_id in (select v.id from dialog_versions v
      where v.survey_id = s.survey_id and v.number = ${f.version})`);
  }
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/**
 * The session started with this hidden field value. hidden_fields holds JSON.stringify of the values,
 * and names and values are restricted (contract/hidden-fields.ts: no quotes, no backslashes), so the
 * pair appears in it as exactly `"name":"value"`, and only for that pair. Whether the text contains it is
 * asked the same way on both databases (and case-sensitively, unlike SQLite's LIKE): replacing it must
 * shorten the text.
 */
function hiddenEquals(h: HiddenFilter) {
  const pair = `${JSON.stringify(h.name)}:${JSON.stringify(h.value)}`;
  return sql<SqlBool>`length(s.hidden_fields) <> length(replace(s.hidden_fields, ${pair}, ''))`;
}

/** Filters that keep every session of the dialogs (of a mode). */
const NO_FILTERS = {
  from: null,
  to: null,
  finished_only: false,
  answer_equals: [],
  hidden_equals: [],
  version: undefined,
} as const satisfies Partial<AnalyticsFilters>;

/** The same filters with the mode turned around: the sessions that the mode filter hides. */
export function hiddenByModeFilter(surveyIds: readonly number[], f: AnalyticsFilters): Expression<SqlBool> {
  if (f.mode === 'all') return sql<SqlBool>`1 = 0`;
  return sessionFilter(surveyIds, { ...f, mode: f.mode === 'live' ? 'test' : 'live' });
}

/**
 * `column in (the filtered sessions' ids)`: for passes over many answer rows, probing the small list of
 * session ids is several times cheaper than a join that looks up each row's session. The unary plus
 * keeps SQLite from turning the list into lookups of the index instead (a no-op on PostgreSQL).
 */
export function inFilteredSessions(
  column: string,
  surveyIds: readonly number[],
  f: AnalyticsFilters,
): Expression<SqlBool> {
  return sql<SqlBool>`+${sql.ref(column)} in (select s.id from chat_sessions s where ${sessionFilter(surveyIds, f)})`;
}

/** The sessions that pass the filters, for the many queries of one summary. */
export interface FilteredSessions {
  surveyIds: readonly number[];
  filters: AnalyticsFilters;
  /**
   * The rows of table `alias` (answers or chat_messages: its columns mode and `session`) that belong to
   * a filtered session, for rows of the dialogs' own sessions, such as the answers to their blocks.
   */
  has(alias: string, session?: string): Expression<SqlBool>;
  /** The filtered sessions themselves: rows of chat_sessions aliased `s`. */
  sessions: Expression<SqlBool>;
}

const SESSIONS_TABLE = 'analytics_sessions';

/**
 * Runs fn in a transaction that knows the filtered sessions. The mode is a column of every answer and
 * message (migration 0011) and leads the Analyse indexes after the block, so it needs no lookup:
 * without other filters (the default view) there is nothing to probe. Other filters (a date range,
 * finished only, answers) are evaluated once, into a temporary table of the sessions' ids that every
 * query of the pass probes instead of evaluating them again (an answer filter is a lookup per session).
 * On SQLite DDL is transactional (a failure rolls the table back); on PostgreSQL the table is the
 * transaction's own (ON COMMIT DROP).
 */
export function withFilteredSessions<T>(
  ctx: Pick<AppContext, 'db' | 'dbKind'>,
  surveyIds: readonly number[],
  filters: AnalyticsFilters,
  fn: (db: Kysely<Database>, sessions: FilteredSessions) => Promise<T>,
): Promise<T> {
  const mode = (alias: string) =>
    filters.mode === 'all'
      ? sql<SqlBool>`1 = 1`
      : sql<SqlBool>`${sql.ref(`${alias}.mode`)} = ${filters.mode}`;
  const onlyMode =
    filters.from === null &&
    filters.to === null &&
    !filters.finished_only &&
    filters.answer_equals.length === 0 &&
    filters.hidden_equals.length === 0 &&
    filters.version === undefined;
  return ctx.db.transaction().execute(async (trx) => {
    if (onlyMode) {
      const sessions = sessionFilter(surveyIds, filters);
      return fn(trx, { surveyIds, filters, has: (alias) => mode(alias), sessions });
    }
    const table = sql.table(SESSIONS_TABLE);
    const drop = ctx.dbKind === 'postgres' ? sql`on commit drop` : sql``;
    await sql`create temporary table ${table} (id integer primary key) ${drop}`.execute(trx);
    await sql`insert into ${table} select s.id from chat_sessions s where ${sessionFilter(surveyIds, filters)}`.execute(
      trx,
    );
    // The unary plus keeps SQLite from driving the query by the table instead of the block's index.
    const probe = (column: string) => sql<SqlBool>`+${sql.ref(column)} in (select id from ${table})`;
    const result = await fn(trx, {
      surveyIds,
      filters,
      has: (alias, session = 'session_id') =>
        sql<SqlBool>`${mode(alias)} and ${probe(`${alias}.${session}`)}`,
      sessions: sql<SqlBool>`${sessionFilter(surveyIds, { ...filters, ...NO_FILTERS })} and ${probe('s.id')}`,
    });
    if (ctx.dbKind !== 'postgres') await sql`drop table ${table}`.execute(trx);
    return result;
  });
}
