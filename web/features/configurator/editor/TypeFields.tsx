import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../../contract/blocks.ts';
import { parseDecimal } from '../model/field-rules.ts';
import { DraftTextField } from './DraftTextField.tsx';
import { ExitConditions } from './ExitConditions.tsx';
import { FlagSwitch } from './FlagSwitch.tsx';
import { LlmNotice } from './LlmNotice.tsx';
import { MediaFileSelect } from './MediaFileSelect.tsx';
import { QaEditor } from './QaEditor.tsx';
import { RedirectFields } from './RedirectFields.tsx';
import { useBlockField } from './use-block-field.ts';

/** A number field for a nullable number: '' is null; text that is no number is not saved. */
function NumberField({
  block,
  field,
  label,
  value,
  nullable = true,
}: {
  block: Block;
  field: string;
  label: string;
  value: number | null;
  nullable?: boolean;
}) {
  const { t } = useTranslation();
  const { validate, commit } = useBlockField(block);
  const parse = (text: string) => {
    const n = parseDecimal(text);
    return n === null && !nullable ? undefined : n;
  };
  return (
    <DraftTextField
      label={label}
      value={value === null ? '' : String(value)}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      validate={(text) => {
        const n = parse(text);
        return n === undefined ? t('configurator.editor.notANumber') : validate(field)(n);
      }}
      onCommit={(text) => commit(field)(parse(text))}
      sx={{ maxWidth: 220 }}
    />
  );
}

function DateField({
  block,
  field,
  label,
  value,
}: {
  block: Block;
  field: string;
  label: string;
  value: string | null;
}) {
  const { validate, commit } = useBlockField(block);
  const toValue = (text: string) => (text === '' ? null : text);
  return (
    <DraftTextField
      type="date"
      label={label}
      value={value ?? ''}
      slotProps={{ inputLabel: { shrink: true } }}
      validate={(text) => validate(field)(toValue(text))}
      onCommit={(text) => commit(field)(toValue(text))}
      sx={{ maxWidth: 220 }}
    />
  );
}

/** The fields only some block types have (contract/blocks.ts specificShapes, likert flags, media). */
export function TypeFields({ block }: { block: Block }) {
  const { t } = useTranslation();
  const { validate, commit } = useBlockField(block);
  switch (block.type) {
    case 'likert':
      return (
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          <FlagSwitch
            label={t('configurator.editor.likertNa')}
            value={block.likert_na}
            onChange={commit('likert_na')}
          />
          <FlagSwitch
            label={t('configurator.editor.inverse')}
            value={block.inverse}
            onChange={commit('inverse')}
          />
        </Stack>
      );
    case 'number':
      return (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <NumberField block={block} field="min" label={t('configurator.editor.min')} value={block.min} />
          <NumberField block={block} field="max" label={t('configurator.editor.max')} value={block.max} />
          <FlagSwitch
            label={t('configurator.editor.integer')}
            value={block.integer}
            onChange={commit('integer')}
          />
        </Stack>
      );
    case 'date':
      return (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateField
            block={block}
            field="min_date"
            label={t('configurator.editor.minDate')}
            value={block.min_date}
          />
          <DateField
            block={block}
            field="max_date"
            label={t('configurator.editor.maxDate')}
            value={block.max_date}
          />
        </Stack>
      );
    case 'link':
      return (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DraftTextField
            label={t('configurator.editor.link')}
            value={block.link}
            validate={validate('link')}
            onCommit={commit('link')}
          />
          <DraftTextField
            label={t('configurator.editor.linkClickName')}
            value={block.link_klick_name}
            validate={validate('link_klick_name')}
            onCommit={commit('link_klick_name')}
          />
        </Stack>
      );
    case 'media':
      return (
        <MediaFileSelect
          label={t('configurator.editor.media')}
          value={block.filename_db}
          onChange={commit('filename_db')}
        />
      );
    case 'gpt':
      return (
        <Stack spacing={2}>
          <LlmNotice block={block} />
          <NumberField
            block={block}
            field="max_turns"
            label={t('configurator.editor.maxTurns')}
            value={block.max_turns}
            nullable={false}
          />
          <ExitConditions blockId={block.unique_question_id} />
        </Stack>
      );
    case 'qa':
      return <QaEditor block={block} />;
    case 'end':
      // Issue 22: where the respondent goes after the last message (a panel's complete address).
      return (
        <RedirectFields
          url={block.redirect_url}
          delay={block.redirect_delay}
          empty={t('panel.redirectFallback')}
          validate={{ url: validate('redirect_url'), delay: validate('redirect_delay') }}
          onUrl={commit('redirect_url')}
          onDelay={commit('redirect_delay')}
        />
      );
    default:
      return null;
  }
}
