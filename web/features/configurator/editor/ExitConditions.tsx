import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController } from '../context.ts';
import {
  conditionError,
  conditionsOf,
  type ExitCondition,
  isPendingCondition,
  textOf,
} from '../model/conditions.ts';
import { useConfiguratorStore } from '../store.ts';
import { DraftTextField } from './DraftTextField.tsx';

const NO_CONDITIONS: ExitCondition[] = [];

/**
 * 'Exit-Bedingungen' of a GPT block (SPEC §7 gpt_exit_conditions): each one is edited in place and
 * saved when the field is left or on Enter; adding, changing and removing go into the change history.
 */
export function ExitConditions({ blockId }: { blockId: string }) {
  const { t } = useTranslation();
  const controller = useController();
  const headingId = useId();
  const all = useConfiguratorStore((s) => s.dialog?.gpt_exit_conditions ?? NO_CONDITIONS);
  const conditions = useMemo(() => conditionsOf(all, blockId), [all, blockId]);
  const [draft, setDraft] = useState('');
  // An empty new field is no mistake yet; only text that cannot be saved gets a message.
  const draftError = draft === '' ? null : conditionError(draft);
  const add = () => {
    if (draft === '' || draftError !== null) return;
    void controller.addCondition(blockId, draft.trim());
    setDraft('');
  };
  return (
    <Stack spacing={1} component="section" aria-labelledby={headingId}>
      <Typography variant="subtitle2" id={headingId}>
        {t('configurator.editor.exitConditions')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('configurator.editor.exitConditionsHelp')}
      </Typography>
      {conditions.map((condition, index) => (
        <Stack key={condition.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <DraftTextField
            label={t('configurator.editor.exitCondition', { n: index + 1 })}
            value={textOf(condition)}
            // Shown at once, but editable only once the server has given it its id.
            disabled={isPendingCondition(condition)}
            validate={conditionError}
            onCommit={(text) => {
              if (text.trim() !== textOf(condition)) void controller.updateCondition(condition, text.trim());
            }}
          />
          <IconButton
            aria-label={t('configurator.editor.removeExitCondition', { n: index + 1 })}
            disabled={isPendingCondition(condition)}
            onClick={() => void controller.deleteCondition(condition)}
          >
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      {conditions.length === 0 ? (
        <FormHelperText>{t('configurator.editor.noExitConditions')}</FormHelperText>
      ) : null}
      {/* Wraps: on a narrow screen the button goes below and the field keeps the whole width. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          fullWidth
          sx={{ flex: '1 1 14rem', minWidth: 0 }}
          label={t('configurator.editor.newExitCondition')}
          value={draft}
          error={draftError !== null}
          helperText={draftError}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') add();
          }}
        />
        <Button
          startIcon={<AddIcon />}
          disabled={draft === '' || draftError !== null}
          onClick={add}
          sx={{ flexShrink: 0 }}
        >
          {t('configurator.editor.addExitCondition')}
        </Button>
      </Stack>
    </Stack>
  );
}
