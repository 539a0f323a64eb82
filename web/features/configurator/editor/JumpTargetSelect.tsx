import TextField from '@mui/material/TextField';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Block, isEndNodeId } from '../../../../contract/blocks.ts';
import { previewText } from '../../../lib/preview-text.ts';
import { jumpChoices } from '../model/field-rules.ts';
import { useBlocks, useConfiguratorStore } from '../store.ts';

const NEXT = '';
const LABEL_LENGTH = 50;

interface Props {
  label: string;
  value: string | null;
  onChange(value: string | null): void;
  error?: string | null;
  /** A target must be chosen (a rule on a hidden field): no 'Nächster Block', 'Ziel wählen' until one is. */
  required?: boolean;
}

/**
 * Where a block or option leads: the next block, another block or the end. A native select whose long
 * list is only built when the author reaches for it (focus or press): an editor with several of these
 * opens fast in a dialog with hundreds of blocks.
 */
export const JumpTargetSelect = memo(function JumpTargetSelect({
  label,
  value,
  onChange,
  error,
  required = false,
}: Props) {
  const { t, i18n } = useTranslation();
  const blocks = useBlocks();
  const surveyId = useConfiguratorStore((s) => s.surveyId ?? '');
  const [all, setAll] = useState(false);
  const choices = useMemo(() => {
    const shown = all ? blocks : blocks.filter((b) => b.unique_question_id === value);
    return jumpChoices(surveyId, shown, (b: Block) =>
      t('configurator.editor.jump.block', {
        order: b.order,
        text:
          previewText(b.context, i18n.language).slice(0, LABEL_LENGTH) || t(`configurator.types.${b.type}`),
      }),
    );
  }, [all, blocks, value, surveyId, t, i18n.language]);
  const showAll = () => setAll(true);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={value ?? NEXT}
      error={!!error}
      helperText={error}
      onChange={(e) => onChange(e.target.value === NEXT ? null : e.target.value)}
      onFocus={showAll}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { onMouseDown: showAll },
      }}
    >
      {!required ? (
        <option value={NEXT}>{t('configurator.editor.jump.next')}</option>
      ) : value === null ? (
        <option value={NEXT} disabled>
          {t('configurator.editor.jump.choose')}
        </option>
      ) : null}
      {choices.map((c) => (
        <option key={c.value ?? NEXT} value={c.value ?? NEXT}>
          {c.value && isEndNodeId(c.value) ? t('configurator.editor.jump.end') : c.label}
        </option>
      ))}
    </TextField>
  );
});
