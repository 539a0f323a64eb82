import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOCK_TYPES, type Block, type BlockType } from '../../../../contract/blocks.ts';
import { flowOf, loopsWithoutInput, QUESTION_TYPES } from '../../../../contract/dialog-flow.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { hasOptionList } from '../model/field-rules.ts';
import { useBlocks, useConfiguratorStore } from '../store.ts';
import { TextContentEditor } from '../text-content/TextContentEditor.tsx';
import { DraftTextField } from './DraftTextField.tsx';
import { FieldJumpsEditor } from './FieldJumpsEditor.tsx';
import { FlagSwitch } from './FlagSwitch.tsx';
import { JumpTargetSelect } from './JumpTargetSelect.tsx';
import { MediaFileSelect } from './MediaFileSelect.tsx';
import { OptionalFields } from './OptionalFields.tsx';
import { OptionsEditor } from './OptionsEditor.tsx';
import { TypeFields } from './TypeFields.tsx';
import { useBlockField } from './use-block-field.ts';

/** Types without an answer of the respondent: a follow-up question or acknowledgement makes no sense. */
const NO_ANSWER: ReadonlySet<BlockType> = new Set(['message', 'media', 'link', 'end']);
/**
 * Types whose answers the chat keeps under no variable and asks no follow-up for: those without an
 * answer, and Q&A blocks, whose answers are the respondent's questions (acknowledged when they go on).
 */
const NO_VARIABLE: ReadonlySet<BlockType> = new Set([...NO_ANSWER, 'qa']);

/** Whether the dialog comes back to this block without asking anything (the chat ends there). */
function useLoopWithoutInput(id: string): boolean {
  const blocks = useBlocks();
  return useMemo(() => loopsWithoutInput(flowOf(blocks), id), [blocks, id]);
}

/**
 * The editor of one block, for every type of contract/blocks.ts. Each field is saved on its own (one
 * key per update, SPEC §7) and validated with the contract's schema first.
 */
export const BlockEditor = memo(function BlockEditor({ block }: { block: Block }) {
  const { t } = useTranslation();
  const { validate, commit } = useBlockField(block);
  const answers = !NO_ANSWER.has(block.type);
  const storesAnswer = !NO_VARIABLE.has(block.type);
  const loops = useLoopWithoutInput(block.unique_question_id);
  return (
    <Stack spacing={2} data-testid="block-editor">
      <SelectField
        label={t('configurator.editor.type')}
        value={block.type}
        options={BLOCK_TYPES}
        optionLabel={(type) => t(`configurator.types.${type}`)}
        onChange={commit('type')}
        sx={{ maxWidth: 280 }}
      />
      {block.type === 'gpt' ? (
        <TextContentEditor
          label={t('configurator.editor.gptQuestion')}
          helperText={t('configurator.editor.gptQuestionHelp')}
          value={block.question}
          onCommit={commit('question')}
        />
      ) : null}
      <TextContentEditor
        label={t(block.type === 'gpt' ? 'configurator.editor.instruction' : 'configurator.editor.context')}
        value={block.context}
        onCommit={commit('context')}
      />
      {hasOptionList(block) ? <OptionsEditor block={block} /> : null}
      <TypeFields block={block} />
      {QUESTION_TYPES.has(block.type) ? <OptionalFields block={block} /> : null}
      {storesAnswer || block.nachfrage !== '' ? (
        <TextContentEditor
          label={t('configurator.editor.nachfrage')}
          helperText={t(
            storesAnswer ? 'configurator.editor.nachfrageHelp' : 'configurator.editor.nachfrageUnused',
          )}
          value={block.nachfrage}
          onCommit={commit('nachfrage')}
        />
      ) : null}
      {answers || block.acknowledgement !== '' ? (
        <TextContentEditor
          label={t('configurator.editor.acknowledgement')}
          helperText={t('configurator.editor.acknowledgementHelp')}
          value={block.acknowledgement}
          onCommit={commit('acknowledgement')}
        />
      ) : null}
      <Divider />
      <Typography variant="subtitle2">{t('configurator.editor.advanced')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {/* Only an answer is stored under a variable: types without one hide the field (unless set, to clear it). */}
        {storesAnswer || block.variable !== '' ? (
          <DraftTextField
            label={t('configurator.editor.variable')}
            value={block.variable}
            validate={validate('variable')}
            onCommit={commit('variable')}
            helperText={
              storesAnswer
                ? t('configurator.editor.variableHelp', { example: '{{name}}' })
                : t('configurator.editor.variableNoAnswer')
            }
          />
        ) : null}
        <DraftTextField
          label={t('configurator.editor.shortName')}
          value={block.short_name}
          validate={validate('short_name')}
          onCommit={commit('short_name')}
        />
      </Stack>
      {/* Nothing comes after an end block; which closing text respondents read is said instead. */}
      {block.type === 'end' ? (
        <Alert severity="info" variant="outlined" data-testid="end-block-note">
          <EndBlockNote />
        </Alert>
      ) : (
        <JumpTargetSelect
          label={t('configurator.editor.jumpToQuestion')}
          value={block.jump_to_question}
          onChange={commit('jump_to_question')}
        />
      )}
      {block.type === 'end' ? null : <FieldJumpsEditor block={block} />}
      {loops ? (
        <Alert severity="warning" variant="outlined" data-testid="loop-warning">
          {t('configurator.editor.loopWithoutInput')}
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
        <FlagSwitch
          label={t('configurator.editor.isEnd')}
          value={block.is_end}
          disabled={block.type === 'end'}
          onChange={commit('is_end')}
        />
        <FlagSwitch
          label={t('configurator.editor.startPage')}
          value={block.start_page}
          onChange={commit('start_page')}
        />
      </Stack>
      {block.type !== 'media' ? (
        <MediaFileSelect
          label={t('configurator.editor.media')}
          value={block.filename_db}
          onChange={commit('filename_db')}
        />
      ) : null}
    </Stack>
  );
});

/** Which closing text respondents read after an end block: its own, or its own and then the Abschluss. */
function EndBlockNote() {
  const { t } = useTranslation();
  const both = useConfiguratorStore((s) => s.dialog?.settings.ending_after_end_block === true);
  return <>{t(both ? 'configurator.editor.endBlockTextBoth' : 'configurator.editor.endBlockText')}</>;
}
