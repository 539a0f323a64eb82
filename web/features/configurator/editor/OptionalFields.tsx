import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../../contract/blocks.ts';
import { DraftTextField } from './DraftTextField.tsx';
import { FlagSwitch } from './FlagSwitch.tsx';
import { useBlockField } from './use-block-field.ts';

/**
 * 'Antwort freiwillig' of a question block, and the label of its skip button ('' = 'Überspringen'): an
 * e-mail question for a prize draw must let a respondent who does not take part go on.
 */
export function OptionalFields({ block }: { block: Block }) {
  const { t } = useTranslation();
  const { validate, commit } = useBlockField(block);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <FlagSwitch
        label={t('configurator.editor.optional')}
        value={block.optional}
        onChange={commit('optional')}
      />
      {block.optional === 1 || block.skip_label !== '' ? (
        <DraftTextField
          label={t('configurator.editor.skipLabel')}
          value={block.skip_label}
          validate={validate('skip_label')}
          onCommit={commit('skip_label')}
          helperText={t('configurator.editor.skipLabelHelp')}
          sx={{ maxWidth: 320 }}
        />
      ) : null}
    </Stack>
  );
}
