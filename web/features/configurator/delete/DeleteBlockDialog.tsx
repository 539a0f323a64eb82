import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerCount } from '../../../../contract/block-updates.ts';
import type { Block } from '../../../../contract/blocks.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useController } from '../context.ts';

type Counts = Pick<AnswerCount, 'live' | 'test'>;
type CountState = { status: 'loading' } | { status: 'done'; counts: Counts } | { status: 'failed' };

/**
 * The stored answers of the blocks, summed: asked each time the confirmation opens, so a chat answered
 * meanwhile is counted. Null blocks: closed, nothing asked.
 */
function useAnswerCounts(blocks: readonly Block[] | null): CountState {
  const controller = useController();
  const [state, setState] = useState<{ of: readonly Block[] | null; counts: CountState }>({
    of: null,
    counts: { status: 'loading' },
  });
  useEffect(() => {
    if (!blocks || blocks.length === 0) return;
    let current = true;
    Promise.all(blocks.map((b) => controller.answerCount(b.unique_question_id))).then(
      (all) => {
        const counts = all.reduce((sum, c) => ({ live: sum.live + c.live, test: sum.test + c.test }), {
          live: 0,
          test: 0,
        });
        if (current) setState({ of: blocks, counts: { status: 'done', counts } });
      },
      () => {
        if (current) setState({ of: blocks, counts: { status: 'failed' } });
      },
    );
    return () => {
      current = false;
    };
  }, [blocks, controller]);
  // The answer for other blocks (an earlier confirmation) is no answer for these.
  return state.of === blocks ? state.counts : { status: 'loading' };
}

/**
 * Asks before blocks are deleted (list and graph). Deleting a block hides its stored answers from
 * Analyse and the export (they stay in the database and come back when the delete is undone), so the
 * dialog says how many chats, live and test apart, stored answers to it. Confirming deletes each block
 * through the controller (one history entry each, SPEC §4).
 */
export function DeleteBlockDialog({
  blocks,
  open,
  onClose,
}: {
  blocks: readonly Block[];
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const controller = useController();
  const answers = useAnswerCounts(open ? blocks : null);
  const count = blocks.length;
  const first = blocks[0];
  const chats = (c: Counts) => {
    const live = t('configurator.deleteBlock.live', { count: c.live });
    const test = t('configurator.deleteBlock.test', { count: c.test });
    if (c.live > 0 && c.test > 0) return t('configurator.deleteBlock.both', { live, test });
    return c.live > 0 ? live : test;
  };
  const answersText =
    answers.status === 'loading'
      ? t('configurator.deleteBlock.counting')
      : answers.status === 'failed'
        ? t('configurator.deleteBlock.countFailed')
        : answers.counts.live + answers.counts.test === 0
          ? t('configurator.deleteBlock.none', { count })
          : t('configurator.deleteBlock.stored', { chats: chats(answers.counts) });
  const text = [
    t('configurator.deleteBlock.intro', {
      count,
      order: first?.order ?? '',
      type: first ? t(`configurator.types.${first.type}`) : '',
    }),
    answersText,
    t('configurator.deleteBlock.undoHint'),
  ].join('\n\n');
  return (
    <ConfirmDialog
      open={open && count > 0}
      title={t('configurator.deleteBlock.title', { count })}
      text={text}
      confirmLabel={t('configurator.list.delete')}
      confirmColor="error"
      // The author sees the count before deciding; a failed count does not keep the block.
      confirmDisabled={answers.status === 'loading'}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        for (const block of blocks) void controller.deleteBlock(block);
      }}
    />
  );
}

/** The confirmation as a hook: ask(blocks) opens it; dialog is the element to render. */
export function useDeleteBlockConfirmation(): { ask(blocks: readonly Block[]): void; dialog: ReactNode } {
  // The blocks stay while the popup fades out, so its text does not change on the way.
  const [state, setState] = useState<{ blocks: readonly Block[]; open: boolean }>({
    blocks: [],
    open: false,
  });
  const ask = useCallback((blocks: readonly Block[]) => {
    if (blocks.length > 0) setState({ blocks, open: true });
  }, []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return { ask, dialog: <DeleteBlockDialog blocks={state.blocks} open={state.open} onClose={close} /> };
}
