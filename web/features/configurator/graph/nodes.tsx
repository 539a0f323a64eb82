import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { optionHandle } from '../../../../contract/dialogs.ts';
import { hasOptionList } from '../model/field-rules.ts';
import { previewText } from '../text-content/preview-text.ts';
import { useGraphActions } from './graph-actions.ts';
import { type BlockNode, type MarkerNode, NEXT_HANDLE, type TriggerNode } from './graph-model.ts';

const NODE_WIDTH = 240;

function AddButton({ nodeId }: { nodeId: string }) {
  const { t } = useTranslation();
  const { openAddMenu } = useGraphActions();
  return (
    <Box
      component="button"
      type="button"
      className="nodrag"
      aria-label={t('configurator.graph.addAfter')}
      title={t('configurator.graph.addAfter')}
      onClick={(e) => {
        e.stopPropagation();
        openAddMenu(e.currentTarget, nodeId);
      }}
      sx={{
        position: 'absolute',
        right: 4,
        bottom: 4,
        width: 22,
        height: 22,
        p: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: '50%',
        bgcolor: 'background.paper',
        cursor: 'pointer',
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
      }}
    >
      <AddIcon sx={{ fontSize: 16 }} />
    </Box>
  );
}

/** A block: order, type, text preview, one source handle per option and one for the way on. */
export const BlockNodeView = memo(function BlockNodeView({ data, selected }: NodeProps<BlockNode>) {
  const { t, i18n } = useTranslation();
  const { block } = data;
  const options = hasOptionList(block) ? block.options : [];
  return (
    <Box
      data-testid="graph-block-node"
      sx={{
        width: NODE_WIDTH,
        bgcolor: 'background.paper',
        border: 2,
        borderColor: selected ? 'primary.main' : block.is_end === 1 ? 'error.light' : 'divider',
        borderRadius: 2,
        boxShadow: selected ? 3 : 1,
        position: 'relative',
        pb: 3,
      }}
    >
      <Handle type="target" position={Position.Top} />
      <Box sx={{ px: 1.5, pt: 1 }}>
        <Typography variant="caption" color="text.secondary">
          #{block.order} · {t(`configurator.types.${block.type}`)}
          {block.start_page === 1 ? ` · ${t('configurator.list.start')}` : ''}
        </Typography>
        <Typography
          variant="body2"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {previewText(block.context, i18n.language) || '—'}
        </Typography>
      </Box>
      {options.map((label, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: handles are per option index (option-<i>)
        <Box key={i} sx={{ position: 'relative', px: 1.5, py: 0.25, borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="caption" noWrap sx={{ display: 'block', pr: 1 }}>
            {label}
          </Typography>
          <Handle
            type="source"
            position={Position.Right}
            id={optionHandle(i)}
            style={{ background: '#F5B63F' }}
          />
        </Box>
      ))}
      <Handle type="source" position={Position.Bottom} id={NEXT_HANDLE} />
      <AddButton nodeId={block.unique_question_id} />
    </Box>
  );
});

/** The start or end marker (start_node_/end_node_). */
export const MarkerNodeView = memo(function MarkerNodeView({ id, data, selected }: NodeProps<MarkerNode>) {
  const { t } = useTranslation();
  const start = data.kind === 'start';
  return (
    <Box
      data-testid={start ? 'graph-start-node' : 'graph-end-node'}
      sx={{
        pl: 2,
        pr: start ? 4.5 : 2,
        py: 1,
        minWidth: 120,
        textAlign: 'center',
        borderRadius: 5,
        color: 'common.white',
        bgcolor: start ? 'success.main' : 'error.main',
        outline: selected ? 3 : 0,
        outlineColor: 'primary.dark',
        position: 'relative',
      }}
    >
      {start ? null : <Handle type="target" position={Position.Top} />}
      <Typography variant="subtitle2">
        {start ? t('configurator.graph.start') : t('configurator.graph.end')}
      </Typography>
      {start ? (
        <>
          <Handle type="source" position={Position.Bottom} />
          <AddButton nodeId={id} />
        </>
      ) : null}
    </Box>
  );
});

/** The other dialog of a trigger edge. */
export const TriggerNodeView = memo(function TriggerNodeView({ data }: NodeProps<TriggerNode>) {
  return (
    <Box
      sx={{
        px: 1.5,
        py: 0.75,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'accent.main',
        borderRadius: 1,
        bgcolor: 'background.paper',
        maxWidth: 200,
      }}
    >
      {data.direction === 'target' ? (
        <Handle type="source" position={Position.Right} isConnectable={false} />
      ) : null}
      <Typography variant="caption" noWrap sx={{ display: 'block' }}>
        {data.label}
      </Typography>
      {data.direction === 'source' ? (
        <Handle type="target" position={Position.Left} isConnectable={false} />
      ) : null}
    </Box>
  );
});

export const NODE_TYPES = { block: BlockNodeView, marker: MarkerNodeView, trigger: TriggerNodeView };
