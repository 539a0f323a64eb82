import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../../contract/blocks.ts';
import { nextOptionLabel } from '../model/field-rules.ts';
import { moveItem } from '../text-content/items.ts';
import { OptionRow, type OptionWords } from './OptionRow.tsx';
import { useBlockField } from './use-block-field.ts';

const OPTION_WORDS: OptionWords = {
  item: 'configurator.editor.option',
  add: 'configurator.editor.addOption',
  remove: 'configurator.editor.removeOption',
  up: 'configurator.editor.moveOptionUp',
  down: 'configurator.editor.moveOptionDown',
};
/** A free-text block's options are its branches and are called so, as in Trainieren, Testen and Analyse. */
const BRANCH_WORDS: OptionWords = {
  item: 'configurator.editor.branch',
  add: 'configurator.editor.addBranch',
  remove: 'configurator.editor.removeBranch',
  up: 'configurator.editor.moveBranchUp',
  down: 'configurator.editor.moveBranchDown',
};

/**
 * The options of choice and Likert blocks, the branches of free text: each with its jump and reaction.
 * Changing the options keeps jumps and reactions with their option (contract alignToOptions).
 */
export function OptionsEditor({ block }: { block: Block }) {
  const { t } = useTranslation();
  const { validate, commit } = useBlockField(block);
  const [error, setError] = useState<string | null>(null);
  const options = block.options;
  const saveOptions = (next: string[]) => {
    const message = validate('options')(next);
    setError(message);
    if (message === null) commit('options')(next);
  };
  const replaceAt = <T,>(list: readonly T[], index: number, value: T) =>
    list.map((v, i) => (i === index ? value : v));
  const branches = block.type === 'open_text';
  const words = branches ? BRANCH_WORDS : OPTION_WORDS;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">
        {t(branches ? 'configurator.editor.branches' : 'configurator.editor.options')}
      </Typography>
      {branches ? <FormHelperText>{t('configurator.editor.branchesHelp')}</FormHelperText> : null}
      {options.map((label, index) => (
        <OptionRow
          // biome-ignore lint/suspicious/noArrayIndexKey: options are positional (jumps are parallel lists)
          key={index}
          index={index}
          words={words}
          count={options.length}
          label={label}
          jump={block.jump_to_ids[index] ?? null}
          reaction={block.jump_to_reactions[index] ?? ''}
          validateLabel={(text) => validate('options')(replaceAt(options, index, text))}
          onLabel={(text) => saveOptions(replaceAt(options, index, text))}
          onJump={(target) => commit('jump_to_ids')(replaceAt(block.jump_to_ids, index, target))}
          onReaction={(content) =>
            commit('jump_to_reactions')(replaceAt(block.jump_to_reactions, index, content))
          }
          onMove={(direction) => saveOptions(moveItem(options, index, index + direction))}
          onRemove={() => saveOptions(options.filter((_, i) => i !== index))}
        />
      ))}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => saveOptions([...options, nextOptionLabel(options, (n) => t(words.item, { n }))])}
      >
        {t(words.add)}
      </Button>
    </Stack>
  );
}
