import type { WebhookEvent } from '../../contract/webhooks.ts';

/** The JSON documents webhooks send (contract/webhooks.ts describes them for receivers). */

export interface AnswerRow {
  unique_question_id: string;
  kind: string;
  value: string;
  value_num: number | null;
  branch: string | null;
  created_on: number;
  data: string | null;
}

function blockNames(data: string | null): { short_name: string; variable: string } {
  try {
    const parsed = JSON.parse(data ?? '{}') as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return { short_name: text(parsed.short_name), variable: text(parsed.variable) };
  } catch {
    return { short_name: '', variable: '' };
  }
}

export const answersOf = (rows: readonly AnswerRow[]) =>
  rows.map((a) => ({
    block_id: a.unique_question_id,
    ...blockNames(a.data),
    kind: a.kind,
    value: a.value,
    value_num: a.value_num,
    branch: a.branch,
    answered_at: a.created_on,
  }));

export function payloadOf(type: WebhookEvent | 'webhook.test', now: number, data: Record<string, unknown>) {
  return JSON.stringify({ type, timestamp: new Date(now).toISOString(), data });
}
