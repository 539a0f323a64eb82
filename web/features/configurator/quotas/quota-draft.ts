import type { Block } from '../../../../contract/blocks.ts';
import {
  QUOTA_BLOCK_TYPES,
  type Quota,
  type QuotaCondition,
  type QuotaInput,
} from '../../../../contract/quotas.ts';

/**
 * A quota as the form edits it: a condition names its source as 'block:<id>' or 'hidden:<name>'; a
 * block's values are chosen from its options, a hidden field's typed (comma-separated).
 */
export interface ConditionDraft {
  source: string;
  chosen: string[];
  typed: string;
}
export interface QuotaDraft {
  name: string;
  limit: string;
  conditions: ConditionDraft[];
  /** '' = the dialog's ending. */
  end: string;
}

export const emptyCondition = (): ConditionDraft => ({ source: '', chosen: [], typed: '' });
export const emptyDraft = (): QuotaDraft => ({
  name: '',
  limit: '',
  conditions: [emptyCondition()],
  end: '',
});

export const choiceBlocks = (blocks: readonly Block[]) =>
  blocks.filter((b) => (QUOTA_BLOCK_TYPES as readonly string[]).includes(b.type));

export function draftOf(q: Quota): QuotaDraft {
  return {
    name: q.name,
    limit: String(q.limit),
    conditions: q.conditions.map((c) =>
      c.kind === 'block'
        ? { source: `block:${c.block_id}`, chosen: [...c.values], typed: '' }
        : { source: `hidden:${c.field}`, chosen: [], typed: c.values.join(', ') },
    ),
    end: q.end_block ?? '',
  };
}

function conditionOf(c: ConditionDraft): QuotaCondition | null {
  const [kind, ...rest] = c.source.split(':');
  const name = rest.join(':');
  if (kind === 'block')
    return c.chosen.length > 0 ? { kind: 'block', block_id: name, values: c.chosen } : null;
  const values = c.typed
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  return kind === 'hidden' && values.length > 0 ? { kind: 'hidden', field: name, values } : null;
}

/** The request's quota, or null while a field is missing (the button stays off; the server checks the rest). */
export function inputOf(d: QuotaDraft): QuotaInput | null {
  const limit = Number(d.limit);
  const conditions = d.conditions.map(conditionOf);
  if (d.name.trim() === '' || d.limit.trim() === '' || !Number.isInteger(limit) || limit < 0) return null;
  if (conditions.length === 0 || conditions.some((c) => c === null)) return null;
  return { name: d.name.trim(), limit, conditions: conditions as QuotaCondition[], end_block: d.end || null };
}
