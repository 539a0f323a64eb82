import type { QuotaCondition } from '../../contract/quotas.ts';

/**
 * Whether a respondent falls in a quota: pure, so the rule is tested without a database. A respondent
 * meets a condition on a block when one of their answers to it (one row per chosen option, for multiple
 * choice) is among the condition's values; on a hidden field when the link's value is. All conditions
 * must hold; a block not answered yet or a field not given does not meet its condition.
 */

export interface QuotaFacts {
  /** The chosen options by block id. */
  answers: ReadonlyMap<string, ReadonlySet<string>>;
  /** The hidden fields' values from the link the session started with. */
  hidden: Readonly<Record<string, string>>;
}

export function factsOf(
  answers: readonly { unique_question_id: string; value: string }[],
  hidden: Readonly<Record<string, string>> | null,
): QuotaFacts {
  const byBlock = new Map<string, Set<string>>();
  for (const a of answers) {
    const values = byBlock.get(a.unique_question_id) ?? new Set<string>();
    values.add(a.value);
    byBlock.set(a.unique_question_id, values);
  }
  return { answers: byBlock, hidden: hidden ?? {} };
}

function holds(c: QuotaCondition, facts: QuotaFacts): boolean {
  if (c.kind === 'hidden') {
    const value = facts.hidden[c.field];
    return value !== undefined && c.values.includes(value);
  }
  const chosen = facts.answers.get(c.block_id);
  return chosen !== undefined && c.values.some((v) => chosen.has(v));
}

export const meetsQuota = (conditions: readonly QuotaCondition[], facts: QuotaFacts): boolean =>
  conditions.length > 0 && conditions.every((c) => holds(c, facts));
