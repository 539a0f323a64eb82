import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../../contract/blocks.ts';
import { useController } from '../context.ts';
import { BlockEditor } from '../editor/BlockEditor.tsx';
import { TextPreview } from '../text-content/TextPreview.tsx';
import { RowIconButton } from './RowIconButton.tsx';

interface Props {
  block: Block;
  isLast: boolean;
  expanded: boolean;
  onToggle(id: string): void;
  onCreated(id: string | undefined): void;
  /** Opens the type menu to insert a block after this one. */
  onInsert(anchor: HTMLElement, block: Block): void;
}

/** One block in the list: order, type, preview, is_end, and its actions; expanded, its editor. */
export const BlockRow = memo(function BlockRow({
  block,
  isLast,
  expanded,
  onToggle,
  onCreated,
  onInsert,
}: Props) {
  const { t } = useTranslation();
  const controller = useController();
  const id = block.unique_question_id;
  const typeLabel = t(`configurator.types.${block.type}`);
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={`#${block.order} ${typeLabel}`}
      data-testid="block-row"
      data-block-id={id}
      sx={{
        listStyle: 'none',
        // Rows far off screen are neither laid out nor painted: long dialogs stay fast.
        contentVisibility: expanded ? 'visible' : 'auto',
        containIntrinsicSize: 'auto 56px',
      }}
    >
      <Stack
        direction="row"
        role="toolbar"
        aria-label={t('configurator.list.actions')}
        sx={{ alignItems: 'center', gap: 1, px: 1, py: 0.5 }}
      >
        <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 36 }}>
          #{block.order}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ minWidth: 110 }}>
          {typeLabel}
        </Typography>
        <Box sx={{ flexGrow: 1, minWidth: 0, cursor: 'pointer', py: 0.5 }} onClick={() => onToggle(id)}>
          <TextPreview content={block.context} empty={t('configurator.text.empty')} />
        </Box>
        {block.start_page === 1 ? (
          <Typography variant="caption" color="primary">
            {t('configurator.list.start')}
          </Typography>
        ) : null}
        <Box
          component="label"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, typography: 'caption' }}
        >
          <input
            type="checkbox"
            checked={block.is_end === 1}
            disabled={block.type === 'end'}
            onChange={(e) => void controller.updateBlock(block, 'is_end', e.target.checked ? 1 : 0)}
          />
          {t('configurator.list.isEnd')}
        </Box>
        <RowIconButton
          label={t('configurator.list.moveUp')}
          disabled={block.order <= 1}
          onClick={() => void controller.moveBlock(block, -1)}
        >
          <ArrowUpwardIcon fontSize="small" />
        </RowIconButton>
        <RowIconButton
          label={t('configurator.list.moveDown')}
          disabled={isLast}
          onClick={() => void controller.moveBlock(block, 1)}
        >
          <ArrowDownwardIcon fontSize="small" />
        </RowIconButton>
        <RowIconButton
          label={t('configurator.list.copy')}
          onClick={async () => onCreated((await controller.copyBlock(block))?.unique_question_id)}
        >
          <ContentCopyIcon fontSize="small" />
        </RowIconButton>
        <RowIconButton
          label={t('configurator.list.insertAfter')}
          onClick={(e) => onInsert(e.currentTarget, block)}
        >
          <AddIcon fontSize="small" />
        </RowIconButton>
        <RowIconButton
          label={t('configurator.list.delete')}
          color="error"
          onClick={() => void controller.deleteBlock(block)}
        >
          <DeleteOutlinedIcon fontSize="small" />
        </RowIconButton>
        <RowIconButton
          label={expanded ? t('configurator.list.collapse') : t('configurator.list.expand')}
          onClick={() => onToggle(id)}
        >
          {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </RowIconButton>
      </Stack>
      {expanded ? (
        <Box sx={{ px: 2, pb: 2, pt: 1, borderTop: 1, borderColor: 'divider' }}>
          <BlockEditor block={block} />
        </Box>
      ) : null}
    </Paper>
  );
});
