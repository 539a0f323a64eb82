import {
  MAX_QUOTAS,
  QUOTA_BLOCK_TYPES,
  QUOTA_ERRORS,
  type Quota,
  type QuotaCondition,
  type QuotaInput,
} from '../../contract/quotas.ts';
import type { AppContext } from '../context.ts';
import { parseJsonArray } from '../db/json-columns.ts';
import { listBlocks } from '../dialogs/queries.ts';
import { contentFromRow } from '../dialogs/rows.ts';
import { listHiddenFields } from '../hidden-fields/queries.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { DialogAccess } from '../sharing/permissions.ts';
import {
  countQuotas,
  deleteQuotaRow,
  insertQuota,
  listQuotaRows,
  memberCounts,
  type QuotaRow,
  type QuotaValues,
  updateQuotaRow,
} from './queries.ts';

/** A dialog's quotas as authors see them (list, add, change, remove), checked against its blocks. */

type Db = AppContext['db'];

export const conditionsOf = (row: Pick<QuotaRow, 'conditions'>) =>
  parseJsonArray(row.conditions) as QuotaCondition[];

function toQuota(row: QuotaRow, count: number): Quota {
  return {
    id: row.id,
    name: row.name,
    conditions: conditionsOf(row),
    limit: row.limit_count,
    end_block: row.end_block,
    count,
  };
}

async function withCounts(db: Db, rows: readonly QuotaRow[]): Promise<Quota[]> {
  const counts = await memberCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toQuota(r, counts.get(r.id) ?? 0));
}

/**
 * A quota's conditions name choice blocks of the dialog and their options, or its declared hidden
 * fields; its end is one of the dialog's end blocks. 400 names the first that does not.
 */
async function checkedValues(db: Db, surveyId: number, q: QuotaInput): Promise<QuotaValues> {
  const blocks = new Map(
    (await listBlocks(db, surveyId)).map((r) => [r.unique_question_id, contentFromRow(r)]),
  );
  const fields = new Set((await listHiddenFields(db, surveyId)).map((f) => f.name));
  for (const c of q.conditions) {
    if (c.kind === 'hidden') {
      if (!fields.has(c.field)) throw badRequest(QUOTA_ERRORS.unknownField(c.field));
      continue;
    }
    const block = blocks.get(c.block_id);
    if (!block || !(QUOTA_BLOCK_TYPES as readonly string[]).includes(block.type)) {
      throw badRequest(QUOTA_ERRORS.unknownBlock(c.block_id));
    }
    const missing = c.values.find((v) => !block.options.includes(v));
    if (missing !== undefined) throw badRequest(QUOTA_ERRORS.unknownOption(c.block_id, missing));
  }
  if (q.end_block !== null && blocks.get(q.end_block)?.type !== 'end') {
    throw badRequest(QUOTA_ERRORS.notEndBlock(q.end_block));
  }
  return {
    name: q.name,
    conditions: JSON.stringify(q.conditions),
    limit_count: q.limit,
    end_block: q.end_block,
  };
}

/** POST /api/list_quotas: the dialog's quotas with their fill. */
export async function listQuotas(ctx: AppContext, access: DialogAccess) {
  return { quotas: await withCounts(ctx.db, await listQuotaRows(ctx.db, access.survey.id)) };
}

/** POST /api/create_quota */
export async function createQuota(ctx: AppContext, access: DialogAccess, input: QuotaInput) {
  const surveyId = access.survey.id;
  if ((await countQuotas(ctx.db, surveyId)) >= MAX_QUOTAS) throw badRequest(QUOTA_ERRORS.tooMany);
  const row = await insertQuota(ctx.db, surveyId, await checkedValues(ctx.db, surveyId, input), ctx.now());
  return { quota: toQuota(row, 0) };
}

/** POST /api/update_quota: the chats counted so far stay counted, even beyond a lowered limit. */
export async function updateQuota(ctx: AppContext, access: DialogAccess, id: number, input: QuotaInput) {
  const surveyId = access.survey.id;
  const row = await updateQuotaRow(ctx.db, surveyId, id, await checkedValues(ctx.db, surveyId, input));
  if (!row) throw notFound(QUOTA_ERRORS.notFound);
  return { quota: (await withCounts(ctx.db, [row]))[0]! };
}

/** POST /api/delete_quota */
export async function deleteQuota(ctx: AppContext, access: DialogAccess, id: number) {
  if (!(await deleteQuotaRow(ctx.db, access.survey.id, id))) throw notFound(QUOTA_ERRORS.notFound);
  return { msg: 'success' as const };
}
