import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { blockTitle, hasOptions } from '../../../../contract/blocks.ts';
import { optionHandle } from '../../../../contract/dialogs.ts';
import { previewText } from '../../../lib/preview-text.ts';
import { RowIcon } from '../list/row-icons.tsx';
import { useGraphActions } from './graph-actions.ts';
import { type BlockNode, type MarkerNode, NEXT_HANDLE, type TriggerNode } from './graph-model.ts';

function AddButton({ nodeId }: { nodeId: string }) {
  const { t } = useTranslation();
  const { openAddMenu } = useGraphActions();
  const label = t('configurator.graph.addAfter');
  return (
    <button
      type="button"
      className="cfg-node-add nodrag"
      aria-label={label}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        openAddMenu(e.currentTarget, nodeId);
      }}
    >
      <RowIcon name="add" />
    </button>
  );
}

/**
 * A block: order, type, a one-line preview, one source handle per option and one for the way on.
 * Drawn in the fixed sizes of GEOMETRY (see GraphStyles).
 */
export const BlockNodeView = memo(function BlockNodeView({ data }: NodeProps<BlockNode>) {
  const { t, i18n } = useTranslation();
  const { block } = data;
  const options = hasOptions(block.type) ? block.options : [];
  return (
    <div className={block.is_end === 1 ? 'cfg-node cfg-end' : 'cfg-node'} data-testid="graph-block-node">
      <Handle type="target" position={Position.Top} />
      <div className="cfg-node-head">
        <span className="cfg-node-meta">
          #{block.order} · {t(`configurator.types.${block.type}`)}
          {block.start_page === 1 ? ` · ${t('configurator.list.start')}` : ''}
        </span>
        <div className="cfg-node-text">{previewText(blockTitle(block), i18n.language) || '—'}</div>
      </div>
      {options.map((label, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: handles are per option index (option-<i>)
        <div key={i} className="cfg-node-option">
          {label}
          <Handle type="source" position={Position.Right} id={optionHandle(i)} />
        </div>
      ))}
      <div className="cfg-node-foot" />
      <Handle type="source" position={Position.Bottom} id={NEXT_HANDLE} />
      <AddButton nodeId={block.unique_question_id} />
    </div>
  );
});

/** The start or end marker (start_node_/end_node_). */
export const MarkerNodeView = memo(function MarkerNodeView({ id, data }: NodeProps<MarkerNode>) {
  const { t } = useTranslation();
  const start = data.kind === 'start';
  return (
    <div
      className={start ? 'cfg-marker cfg-start' : 'cfg-marker cfg-stop'}
      data-testid={start ? 'graph-start-node' : 'graph-end-node'}
    >
      {start ? null : <Handle type="target" position={Position.Top} />}
      {start ? t('configurator.graph.start') : t('configurator.graph.end')}
      {start ? (
        <>
          <Handle type="source" position={Position.Bottom} />
          <AddButton nodeId={id} />
        </>
      ) : null}
    </div>
  );
});

/** The other dialog of a trigger edge. */
export const TriggerNodeView = memo(function TriggerNodeView({ data }: NodeProps<TriggerNode>) {
  return (
    <div className="cfg-trigger" title={data.label}>
      {data.direction === 'target' ? (
        <Handle type="source" position={Position.Right} isConnectable={false} />
      ) : null}
      {data.label}
      {data.direction === 'source' ? (
        <Handle type="target" position={Position.Left} isConnectable={false} />
      ) : null}
    </div>
  );
});

export const NODE_TYPES = { block: BlockNodeView, marker: MarkerNodeView, trigger: TriggerNodeView };
