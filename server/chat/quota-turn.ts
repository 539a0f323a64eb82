import { endNodeId } from '../../contract/blocks.ts';
import type { AppContext } from '../context.ts';
import { countInQuotas, quotaVerdict } from '../quotas/turn.ts';
import { leadOut } from './engine/lead-out.ts';
import type { ChatEvent, ChatState, EngineEnv, EngineResult, PreparedDialog } from './engine/types.ts';
import type { ChatOwner } from './queries.ts';

/**
 * A single chat's turn under the dialog's quotas (server/quotas/turn.ts), in the turn's transaction:
 * the engine's result as it is, or the chat led out to a full quota's end; and, once the finished live
 * session is stored, its count in the quotas it falls in.
 */

export interface QuotaStepInput {
  db: AppContext['db'];
  owner: ChatOwner;
  surveyId: number;
  dialog: PreparedDialog;
  sessionId: number | null;
  /** A new session's hidden fields. */
  hidden: Readonly<Record<string, string>> | null;
  state: ChatState;
  event: Extract<ChatEvent, { kind: 'start' | 'restart' | 'answer' }>;
  env: EngineEnv;
  now: number;
}

export interface QuotaStep {
  result: EngineResult;
  /** Counts the stored session in its quotas (nothing when it did not finish in them). */
  count: (sessionId: number) => Promise<void>;
}

/** The end a full quota leads to: its end block while it exists, else the dialog's ending. */
const endTarget = (d: PreparedDialog, endBlock: string | null) =>
  endBlock !== null && d.byId.get(endBlock)?.type === 'end' ? endBlock : endNodeId(d.survey_id);

export async function quotaStep(
  ctx: Pick<AppContext, 'dbKind'>,
  input: QuotaStepInput,
  result: EngineResult,
): Promise<QuotaStep> {
  const none = { result, count: async () => {} };
  if (result.outcome !== 'ok') return none;
  const verdict = await quotaVerdict(
    { db: input.db, dbKind: ctx.dbKind },
    {
      surveyId: input.surveyId,
      sessionId: input.sessionId,
      hidden: input.hidden,
      answers: result.answers,
      finishes: result.finished,
      live: input.owner.mode === 'live',
    },
  );
  if (verdict.full) {
    const target = endTarget(input.dialog, verdict.full.endBlock);
    return { ...none, result: leadOut(input.dialog, input.state, input.event, input.env, target) ?? result };
  }
  return {
    result,
    count: (sessionId) => countInQuotas(input.db, verdict.count, sessionId, input.now),
  };
}
