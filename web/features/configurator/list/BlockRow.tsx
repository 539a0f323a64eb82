import { memo, type PointerEvent } from 'react';
import { type Block, blockTitle } from '../../../../contract/blocks.ts';
import { useController } from '../context.ts';
import { BlockEditor } from '../editor/BlockEditor.tsx';
import { RowPreview } from '../text-content/TextPreview.tsx';
import { RowIconButton } from './RowIconButton.tsx';
import { RowIcon } from './row-icons.tsx';

/** The row's texts, translated once for the whole list. */
export interface RowLabels {
  types: Record<string, string>;
  actions: string;
  isEnd: string;
  start: string;
  moveUp: string;
  moveDown: string;
  copy: string;
  insertAfter: string;
  delete: string;
  expand: string;
  collapse: string;
  empty: string;
  drag: string;
}

interface Props {
  block: Block;
  /** The row's place in the list, of `count` rows; `offset`: its top in the list (px). */
  index: number;
  count: number;
  offset: number;
  /** Measures the rendered row for the virtualised list. */
  measure(row: HTMLLIElement | null): void;
  expanded: boolean;
  /** In a drag: the row carried ('from') or the one it would swap with ('over'). */
  drag: 'from' | 'over' | null;
  onDragStart(event: PointerEvent, index: number): void;
  labels: RowLabels;
  onToggle(id: string): void;
  onCreated(id: string | undefined): void;
  /** Opens the type menu to insert a block after this one. */
  onInsert(anchor: HTMLElement, block: Block): void;
  /** Asks before the block is deleted (its stored answers leave Analyse and the export). */
  onDelete(blocks: readonly Block[]): void;
}

/**
 * One block in the list: order, type, preview, is_end, and its actions; expanded, its editor. Plain
 * elements with the list's shared classes (ListStyles), so 500 rows render fast.
 */
export const BlockRow = memo(function BlockRow(props: Props) {
  const { block, index, count, offset, measure, expanded, drag, labels } = props;
  const { onDragStart, onToggle, onCreated, onInsert, onDelete } = props;
  const controller = useController();
  const id = block.unique_question_id;
  const typeLabel = labels.types[block.type] ?? block.type;
  // Reordering re-inserts the row, which drops the keyboard focus: it goes back to the pressed button,
  // or to the other move button once the row has reached that end of the list.
  const move = async (button: HTMLButtonElement, direction: -1 | 1) => {
    await controller.moveBlock(block, block.order + direction);
    requestAnimationFrame(() => {
      if (document.activeElement !== document.body) return;
      const other = direction < 0 ? labels.moveDown : labels.moveUp;
      const target = button.disabled
        ? button.parentElement?.querySelector<HTMLButtonElement>(`[aria-label="${CSS.escape(other)}"]`)
        : button;
      target?.focus();
    });
  };
  return (
    <li
      ref={measure}
      className={`cfg-row${expanded ? ' cfg-open' : ''}${drag ? ` cfg-drag-${drag}` : ''}`}
      style={{ transform: `translateY(${offset}px)` }}
      aria-label={`#${block.order} ${typeLabel}`}
      aria-posinset={index + 1}
      aria-setsize={count}
      data-testid="block-row"
      data-block-id={id}
      data-index={index}
    >
      <div className="cfg-head cfg-block-head" role="toolbar" aria-label={labels.actions}>
        {/* Drag by pointer only: the move buttons do the same by keyboard. */}
        <span
          className="cfg-drag-handle"
          title={labels.drag}
          aria-hidden="true"
          data-testid="drag-handle"
          onPointerDown={(e) => onDragStart(e, index)}
        >
          <RowIcon name="drag" />
        </span>
        <span className="cfg-order">#{block.order}</span>
        <span className="cfg-type">{typeLabel}</span>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the expand button does the same by keyboard */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: as above */}
        <div className="cfg-preview" onClick={() => onToggle(id)}>
          <RowPreview content={blockTitle(block)} empty={labels.empty} />
        </div>
        {block.start_page === 1 ? <span className="cfg-start">{labels.start}</span> : null}
        <label className="cfg-check">
          <input
            type="checkbox"
            checked={block.is_end === 1}
            disabled={block.type === 'end'}
            onChange={(e) => void controller.updateBlock(block, 'is_end', e.target.checked ? 1 : 0)}
          />
          {labels.isEnd}
        </label>
        <span className="cfg-actions">
          <RowIconButton
            label={labels.moveUp}
            icon="up"
            disabled={block.order <= 1}
            onClick={(e) => void move(e.currentTarget, -1)}
          />
          <RowIconButton
            label={labels.moveDown}
            icon="down"
            disabled={index === count - 1}
            onClick={(e) => void move(e.currentTarget, 1)}
          />
          <RowIconButton
            label={labels.copy}
            icon="copy"
            onClick={async () => onCreated((await controller.copyBlock(block))?.unique_question_id)}
          />
          <RowIconButton
            label={labels.insertAfter}
            icon="add"
            onClick={(e) => onInsert(e.currentTarget, block)}
          />
          <RowIconButton label={labels.delete} icon="delete" danger onClick={() => onDelete([block])} />
          <RowIconButton
            label={expanded ? labels.collapse : labels.expand}
            icon={expanded ? 'collapse' : 'expand'}
            onClick={() => onToggle(id)}
          />
        </span>
      </div>
      {expanded ? (
        <div className="cfg-body">
          <BlockEditor block={block} />
        </div>
      ) : null}
    </li>
  );
});
