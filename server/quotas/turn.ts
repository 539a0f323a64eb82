import type { AppContext } from '../context.ts';
import { factsOf, meetsQuota } from './match.ts';
import { addMembers, listQuotaRows, lockQuotas, memberCounts, sessionQuotaFacts } from './queries.ts';
import { conditionsOf } from './service.ts';

/**
 * Quotas in a chat turn, inside the turn's transaction (server/chat/quota-turn.ts calls these). The turn
 * that finishes a live chat locks the quotas it falls in, counts their members and either joins them
 * all or, when one is full, is led to that quota's end instead of finishing: the count and the join
 * commit together, so no quota ever holds more than its limit, however many turns and processes race.
 * Earlier turns only look (no lock): a respondent in a full quota leaves as soon as their answers say so.
 */

type Ctx = Pick<AppContext, 'db' | 'dbKind'>;

export interface QuotaTurn {
  surveyId: number;
  /** The session before the turn; null for a chat's first turn. */
  sessionId: number | null;
  /** A new session's hidden fields (an existing one's are read from it). */
  hidden: Readonly<Record<string, string>> | null;
  /** The answers the turn gives (one per chosen option). */
  answers: readonly { unique_question_id: string; kind: string; value: string }[];
  /** The turn finishes the chat as it stands. */
  finishes: boolean;
  /** A live respondent's chat (an author's test chat is led out of full quotas but never counted). */
  live: boolean;
}

export interface QuotaVerdict {
  /** The full quota's end block the chat goes to instead (null: the dialog's ending); absent: none full. */
  full?: { endBlock: string | null };
  /** The quotas to count the finished chat in (after its session is stored: countInQuotas). */
  count: number[];
}

const NONE: QuotaVerdict = { count: [] };

export async function quotaVerdict(ctx: Ctx, turn: QuotaTurn): Promise<QuotaVerdict> {
  const rows = await listQuotaRows(ctx.db, turn.surveyId);
  if (rows.length === 0) return NONE;
  const stored = turn.sessionId === null ? null : await sessionQuotaFacts(ctx.db, turn.sessionId);
  const hidden =
    stored === null
      ? turn.hidden
      : (JSON.parse(stored.hiddenJson ?? 'null') as Record<string, string> | null);
  const given = turn.answers.filter((a) => a.kind === 'answer');
  const facts = factsOf([...(stored?.answers ?? []), ...given], hidden);
  const matched = rows.filter((r) => meetsQuota(conditionsOf(r), facts));
  if (matched.length === 0) return NONE;
  const ids = matched.map((r) => r.id);
  const counting = turn.finishes && turn.live;
  if (counting) await lockQuotas(ctx.db, ctx.dbKind, ids);
  const counts = await memberCounts(ctx.db, ids);
  const full = matched.find((r) => (counts.get(r.id) ?? 0) >= r.limit_count);
  if (full) return { full: { endBlock: full.end_block }, count: [] };
  return { count: counting ? ids : [] };
}

export const countInQuotas = (db: Ctx['db'], ids: readonly number[], sessionId: number, now: number) =>
  addMembers(db, ids, sessionId, now);
