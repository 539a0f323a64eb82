import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../../contract/blocks.ts';
import { BLOCK_TYPES } from '../../../../contract/blocks.ts';
import { useController } from '../context.ts';
import { useDeleteBlockConfirmation } from '../delete/DeleteBlockDialog.tsx';
import { useBlocks, useConfiguratorStore } from '../store.ts';
import { BlockRow, type RowLabels } from './BlockRow.tsx';
import { BlockTypeMenu } from './BlockTypeMenu.tsx';
import { FixMessageCard } from './FixMessageCard.tsx';
import { ListStyles } from './ListStyles.tsx';
import { onListKeyDown } from './list-keys.ts';
import { rowIndexOf, useListVirtualizer } from './use-list-virtualizer.ts';
import { useRowDrag } from './use-row-drag.ts';

/** The list view: welcome, the blocks in order, ending. revealId: a new block to open and show. */
export function BlockList({ revealId }: { revealId: string | null }) {
  const { t } = useTranslation();
  const controller = useController();
  const blocks = useBlocks();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [insert, setInsert] = useState<{ anchor: HTMLElement; order: number } | null>(null);
  const confirmDelete = useDeleteBlockConfirmation();
  const listRef = useRef<HTMLOListElement>(null);
  const { virtualizer, setFocused, dragged, revealRow } = useListVirtualizer(listRef, blocks);
  // A dropped row swaps places with the row it was dropped on (the order change of SPEC §4).
  const onDrop = useCallback(
    (from: number, to: number) => {
      const { dialog } = useConfiguratorStore.getState();
      const block = dialog?.all_questions[from];
      const target = dialog?.all_questions[to];
      if (block && target) void controller.moveBlock(block, target.order);
    },
    [controller],
  );
  const { drag, start: onDragStart } = useRowDrag(virtualizer, dragged, onDrop);
  const labels = useMemo<RowLabels>(
    () => ({
      types: Object.fromEntries(BLOCK_TYPES.map((type) => [type, t(`configurator.types.${type}`)])),
      actions: t('configurator.list.actions'),
      isEnd: t('configurator.list.isEnd'),
      start: t('configurator.list.start'),
      moveUp: t('configurator.list.moveUp'),
      moveDown: t('configurator.list.moveDown'),
      copy: t('configurator.list.copy'),
      insertAfter: t('configurator.list.insertAfter'),
      delete: t('configurator.list.delete'),
      expand: t('configurator.list.expand'),
      collapse: t('configurator.list.collapse'),
      empty: t('configurator.text.empty'),
      drag: t('configurator.list.drag'),
    }),
    [t],
  );

  const onToggle = useCallback(
    (id: string) =>
      setExpanded((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  // A new or linked block ('?block=' of the pre-flight check) opens and is scrolled to.
  const onCreated = useCallback(
    (id: string | undefined) => {
      if (!id) return;
      setExpanded((prev) => new Set(prev).add(id));
      requestAnimationFrame(() => {
        const index = useConfiguratorStore
          .getState()
          .dialog?.all_questions.findIndex((b) => b.unique_question_id === id);
        if (index === undefined || index < 0) return;
        // Its head just below the top bar: an open editor is taller than the window, so centring the
        // row would hide its head.
        revealRow(index);
      });
    },
    [revealRow],
  );
  useEffect(() => {
    if (revealId) onCreated(revealId);
  }, [revealId, onCreated]);
  const onInsert = useCallback(
    (anchor: HTMLElement, block: Block) => setInsert({ anchor, order: block.order + 1 }),
    [],
  );

  return (
    <Stack spacing={1} data-testid="block-list" data-count={blocks.length}>
      <ListStyles />
      <FixMessageCard which="welcome" />
      {blocks.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('configurator.list.empty')}
        </Typography>
      ) : null}
      <ol
        ref={listRef}
        aria-label={t('configurator.list.label')}
        className="cfg-list"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={(e) => onListKeyDown(e, virtualizer)}
        onFocus={(e) => setFocused(rowIndexOf(e.target))}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget)) setFocused(null);
        }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const block = blocks[item.index]!;
          return (
            <BlockRow
              key={item.key}
              index={item.index}
              count={blocks.length}
              offset={item.start - virtualizer.options.scrollMargin}
              measure={virtualizer.measureElement}
              block={block}
              labels={labels}
              expanded={expanded.has(block.unique_question_id)}
              drag={drag?.from === item.index ? 'from' : drag?.over === item.index ? 'over' : null}
              onDragStart={onDragStart}
              onToggle={onToggle}
              onCreated={onCreated}
              onInsert={onInsert}
              onDelete={confirmDelete.ask}
            />
          );
        })}
      </ol>
      <FixMessageCard which="ending" />
      {confirmDelete.dialog}
      <BlockTypeMenu
        anchor={insert?.anchor ?? null}
        onClose={() => setInsert(null)}
        onPick={async (type) => {
          const order = insert?.order;
          onCreated((await controller.createBlock(type, { order }))?.unique_question_id);
        }}
      />
    </Stack>
  );
}
