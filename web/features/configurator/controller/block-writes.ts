import type { Block, BlockType } from '../../../../contract/blocks.ts';
import i18next from '../../../i18n/index.ts';
import { recreateRequest } from '../api.ts';
import type { Operation } from '../model/history.ts';
import { useConfiguratorStore } from '../store.ts';
import { settleBlocks } from './dialog-sync.ts';
import { questionEntry, type WriteContext } from './write-context.ts';
import type { Change, Prepared, Write, WriteResult } from './write-types.ts';

type BlockWrite = Extract<
  Write,
  { op: 'update' | 'is_end' | 'order' | 'create' | 'copy' | 'delete' | 'recreate' }
>;

/** A block's fields, is_end and order show at once; create, copy, delete and recreate reload. */
export function prepareBlockWrite(ctx: WriteContext, op: BlockWrite): Prepared {
  const { api, sync } = ctx;
  const survey_id = sync.surveyId();
  const version = (id: string) => sync.confirmedBlock(id)?.version;
  switch (op.op) {
    case 'update':
      return sync.optimistic(
        { kind: 'block', unique_question_id: op.unique_question_id, key: op.key, value: op.value },
        () =>
          api.blocks({
            survey_id,
            action: 'update',
            unique_question_id: op.unique_question_id,
            changed_values: { [op.key]: op.value },
            version: version(op.unique_question_id),
          }),
        settleBlocks,
      );
    case 'is_end':
      return sync.optimistic(
        { kind: 'block', unique_question_id: op.unique_question_id, key: 'is_end', value: op.value },
        () =>
          api.settings({
            survey_id,
            action: 'survey_list_isEnd',
            changed_values: { unique_question_id: op.unique_question_id, is_end: op.value },
          }),
        settleBlocks,
      );
    case 'order':
      return sync.optimistic(
        { kind: 'order', unique_question_id: op.unique_question_id, order: op.order },
        () =>
          api.blocks({
            survey_id,
            action: 'order',
            unique_question_id: op.unique_question_id,
            order: op.order,
            version: version(op.unique_question_id),
          }),
        settleBlocks,
      );
    case 'create':
      return sync.reloading(async () => {
        const { op: _op, ...where } = op;
        const res = await api.blocks({ survey_id, action: 'create', ...where });
        return { unique_question_id: res.unique_question_id };
      });
    case 'copy':
      return sync.reloading(async () => {
        const res = await api.blocks(recreateRequest(survey_id, op.block, [], true));
        return { unique_question_id: res.unique_question_id };
      });
    case 'delete':
      return sync.reloading(async () => {
        const before = sync.confirmedBlock(op.unique_question_id);
        const res = await api.blocks({
          survey_id,
          action: 'delete',
          unique_question_id: op.unique_question_id,
          version: version(op.unique_question_id),
        });
        return { unique_question_id: res.unique_question_id, repaired_jumps: res.repaired_jumps, before };
      });
    case 'recreate':
      return sync.reloading(async () => {
        const res = await api.blocks(recreateRequest(survey_id, op.block, op.restore_jumps));
        return { unique_question_id: res.unique_question_id };
      });
  }
}

/** The writes of blocks the author starts in the list, the editor and the graph. */
export function blockWriters(ctx: WriteContext, change: Change) {
  /** Blocks whose delete is queued or in flight: a second click on delete is ignored (no 404). */
  const deleting = new Set<string>();

  return {
    updateBlock(block: Block, key: string, value: unknown) {
      const op: Operation =
        key === 'is_end'
          ? { op: 'is_end', unique_question_id: block.unique_question_id, value: value === 1 ? 1 : 0 }
          : { op: 'update', unique_question_id: block.unique_question_id, key, value };
      const old_value = (block as Record<string, unknown>)[key];
      return change(op, () => ({
        ...questionEntry(ctx, block.unique_question_id),
        change: 'update',
        key,
        old_value,
        new_value: value,
      }));
    },

    /**
     * SPEC §4 order: the block swaps places with the block at `order` (the move buttons: a neighbour;
     * a drag in the list: the block it is dropped on).
     */
    moveBlock(block: Block, order: number) {
      const count = useConfiguratorStore.getState().dialog?.all_questions.length ?? 0;
      if (order < 1 || order > count || order === block.order) return Promise.resolve(null);
      return change({ op: 'order', unique_question_id: block.unique_question_id, order }, () => ({
        ...questionEntry(ctx, block.unique_question_id),
        change: 'order',
        old_value: block.order,
        new_value: order,
      }));
    },

    /** A new block: appended, at an order, or after a graph node (source_node_id). */
    createBlock(type: BlockType, where: { order?: number; source_node_id?: string } = {}) {
      return change({ op: 'create', type, ...where }, (result) => ({
        ...questionEntry(ctx, result.unique_question_id ?? ''),
        change: 'create',
        block: null,
      }));
    },

    /** A copy right after the block (recreate with the id taken, so the server gives a new one). */
    copyBlock(block: Block) {
      return change({ op: 'copy', block }, (result) => ({
        ...questionEntry(ctx, result.unique_question_id ?? ''),
        change: 'recreate',
        block: null,
      }));
    },

    /** Deletes a block once: while its delete is queued or running, further calls answer null. */
    async deleteBlock(block: Block): Promise<WriteResult | null> {
      const id = block.unique_question_id;
      if (deleting.has(id)) return null;
      deleting.add(id);
      try {
        const result = await change({ op: 'delete', unique_question_id: id }, (r) => ({
          ...questionEntry(ctx, id),
          change: 'delete',
          block: r.before ?? block,
          restore_jumps: r.repaired_jumps ?? [],
        }));
        // Jumps to the deleted block now lead to the next block: said, since the author did not touch them.
        const repaired = result?.repaired_jumps?.length ?? 0;
        if (repaired > 0)
          ctx.notices.notify('info', i18next.t('configurator.notices.jumpsRepaired', { count: repaired }));
        return result;
      } finally {
        deleting.delete(id);
      }
    },

    /**
     * How many chats stored answers to a block (live and test apart): the delete confirmation shows it,
     * since a deleted block's answers leave Analyse and the export until the delete is undone.
     */
    answerCount(blockId: string) {
      return ctx.api.answerCount(ctx.sync.surveyId(), blockId);
    },
  };
}
