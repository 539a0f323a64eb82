import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../../contract/blocks.ts';
import { BLOCK_TYPES } from '../../../../contract/blocks.ts';
import { useController } from '../context.ts';
import { useDeleteBlockConfirmation } from '../delete/DeleteBlockDialog.tsx';
import { useBlocks } from '../store.ts';
import { BlockRow, type RowLabels } from './BlockRow.tsx';
import { BlockTypeMenu } from './BlockTypeMenu.tsx';
import { FixMessageCard } from './FixMessageCard.tsx';
import { ListStyles } from './ListStyles.tsx';

/** Scrolls a new block into view once the list shows it. */
function reveal(id: string) {
  requestAnimationFrame(() =>
    document.querySelector(`[data-block-id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'center' }),
  );
}

/** Rows rendered with the first paint; the rest follow in the background (a transition). */
const FIRST_ROWS = 40;

/** The list view: welcome, the blocks in order, ending. revealId: a new block to open and show. */
export function BlockList({ revealId }: { revealId: string | null }) {
  const { t } = useTranslation();
  const controller = useController();
  const blocks = useBlocks();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [insert, setInsert] = useState<{ anchor: HTMLElement; order: number } | null>(null);
  const confirmDelete = useDeleteBlockConfirmation();
  // A long dialog shows its first rows at once and renders the others without blocking the author:
  // a click meanwhile is handled first.
  const [limit, setLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (blocks.length > limit) startTransition(() => setLimit(Number.POSITIVE_INFINITY));
  }, [blocks.length, limit]);
  const shown = blocks.length > limit ? blocks.slice(0, limit) : blocks;
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
  const onCreated = useCallback((id: string | undefined) => {
    if (!id) return;
    setExpanded((prev) => new Set(prev).add(id));
    reveal(id);
  }, []);
  useEffect(() => {
    if (revealId) onCreated(revealId);
  }, [revealId, onCreated]);
  const onInsert = useCallback(
    (anchor: HTMLElement, block: Block) => setInsert({ anchor, order: block.order + 1 }),
    [],
  );

  return (
    <Stack spacing={1} data-testid="block-list" data-count={blocks.length} data-rendered={shown.length}>
      <ListStyles />
      <FixMessageCard which="welcome" />
      {blocks.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('configurator.list.empty')}
        </Typography>
      ) : null}
      <Box
        component="ol"
        aria-label={t('configurator.list.label')}
        sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {shown.map((block, i) => (
          <BlockRow
            key={block.unique_question_id}
            block={block}
            isLast={i === blocks.length - 1}
            labels={labels}
            expanded={expanded.has(block.unique_question_id)}
            onToggle={onToggle}
            onCreated={onCreated}
            onInsert={onInsert}
            onDelete={confirmDelete.ask}
          />
        ))}
      </Box>
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
