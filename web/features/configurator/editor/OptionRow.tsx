import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextContentEditor } from '../text-content/TextContentEditor.tsx';
import { TextPreview } from '../text-content/TextPreview.tsx';
import { DraftTextField } from './DraftTextField.tsx';
import { JumpTargetSelect } from './JumpTargetSelect.tsx';

/** The text keys an option row is named with: an option's, or a free-text branch's. */
export interface OptionWords {
  item: 'configurator.editor.option' | 'configurator.editor.branch';
  add: 'configurator.editor.addOption' | 'configurator.editor.addBranch';
  remove: 'configurator.editor.removeOption' | 'configurator.editor.removeBranch';
  up: 'configurator.editor.moveOptionUp' | 'configurator.editor.moveBranchUp';
  down: 'configurator.editor.moveOptionDown' | 'configurator.editor.moveBranchDown';
}

interface Props {
  index: number;
  words: OptionWords;
  count: number;
  label: string;
  jump: string | null;
  reaction: string;
  validateLabel(text: string): string | null;
  onLabel(text: string): void;
  onJump(target: string | null): void;
  onReaction(content: string): void;
  onMove(direction: -1 | 1): void;
  onRemove(): void;
}

/** One option (or branch): its label, where it leads and the reaction shown when it is taken. */
export function OptionRow(props: Props) {
  const { t } = useTranslation();
  const [showReaction, setShowReaction] = useState(false);
  const n = props.index + 1;
  return (
    <Paper variant="outlined" sx={{ p: 1 }} role="group" aria-label={t(props.words.item, { n })}>
      {/* Wraps by the room it has, not the window's width: the graph's side panel is narrow on any screen,
          and a label squeezed beside the jump select showed only 'Option'. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '999 1 200px', minWidth: 0 }}>
          <DraftTextField
            label={t(props.words.item, { n })}
            value={props.label}
            validate={props.validateLabel}
            onCommit={props.onLabel}
          />
        </Box>
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <JumpTargetSelect
            label={t('configurator.editor.optionJump')}
            value={props.jump}
            onChange={props.onJump}
          />
        </Box>
        <Stack direction="row" sx={{ ml: 'auto' }}>
          <IconButton
            size="small"
            aria-label={t(props.words.up)}
            disabled={props.index === 0}
            onClick={() => props.onMove(-1)}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t(props.words.down)}
            disabled={props.index === props.count - 1}
            onClick={() => props.onMove(1)}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={t(props.words.remove)} onClick={props.onRemove}>
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </Stack>
      </Box>
      <Button
        size="small"
        endIcon={showReaction ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        onClick={() => setShowReaction((v) => !v)}
        aria-expanded={showReaction}
        sx={{ mt: 0.5, textTransform: 'none' }}
      >
        {t('configurator.editor.reaction')}
        {!showReaction && props.reaction ? (
          <Box component="span" sx={{ ml: 1, color: 'text.secondary' }}>
            <TextPreview content={props.reaction} />
          </Box>
        ) : null}
      </Button>
      {showReaction ? (
        <TextContentEditor
          label={t('configurator.editor.reaction')}
          value={props.reaction}
          onCommit={props.onReaction}
        />
      ) : null}
    </Paper>
  );
}
