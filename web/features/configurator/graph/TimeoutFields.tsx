import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { TIMEOUT_MAX_SECONDS } from '../../../../contract/triggers.ts';
import type { BlockOption, TriggerDraft } from './trigger-form.ts';

/** A waitAPI's timeout: after how many seconds, and at which block of the target dialog the chat goes on. */
export function TimeoutFields({
  draft,
  options,
  onChange,
}: {
  draft: TriggerDraft;
  options: BlockOption[];
  onChange(draft: TriggerDraft): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        size="small"
        type="number"
        label={t('managers.triggers.timeoutSeconds')}
        helperText={t('managers.triggers.timeoutHelp')}
        value={draft.timeout_seconds ?? ''}
        slotProps={{ htmlInput: { min: 1, max: TIMEOUT_MAX_SECONDS, step: 1 } }}
        onChange={(e) => onChange({ ...draft, timeout_seconds: e.target.value })}
      />
      {draft.timeout_seconds?.trim() ? (
        <TextField
          select
          size="small"
          label={t('managers.triggers.timeoutBlock')}
          value={draft.timeout_question_id ?? ''}
          disabled={options.length === 0}
          onChange={(e) => onChange({ ...draft, timeout_question_id: e.target.value })}
        >
          {options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </>
  );
}
