import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../../contract/blocks.ts';
import type { QuotaInput } from '../../../../contract/quotas.ts';
import { blockTitle } from '../../../lib/preview-text.ts';
import {
  type ConditionDraft,
  choiceBlocks,
  emptyCondition,
  inputOf,
  type QuotaDraft,
} from './quota-draft.ts';

interface Props {
  blocks: readonly Block[];
  fields: readonly string[];
  initial: QuotaDraft;
  submitLabel: string;
  busy: boolean;
  onSubmit: (quota: QuotaInput) => void;
  onCancel?: () => void;
}

/** Name, limit, conditions (a choice block's options, or a hidden field's values) and the end when full. */
export function QuotaForm({ blocks, fields, initial, submitLabel, busy, onSubmit, onCancel }: Props) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const choices = choiceBlocks(blocks);
  const ends = blocks.filter((b) => b.type === 'end');
  const input = inputOf(draft);
  const setCondition = (i: number, c: ConditionDraft) =>
    setDraft((d) => ({ ...d, conditions: d.conditions.map((x, j) => (j === i ? c : x)) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (input) onSubmit(input);
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} aria-label={submitLabel}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          size="small"
          label={t('quotas.name')}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          sx={{ flex: 2 }}
        />
        <TextField
          size="small"
          type="number"
          label={t('quotas.limit')}
          value={draft.limit}
          onChange={(e) => setDraft({ ...draft, limit: e.target.value })}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('quotas.conditions')}
      </Typography>
      {draft.conditions.map((c, i) => {
        const block = c.source.startsWith('block:')
          ? choices.find((b) => `block:${b.unique_question_id}` === c.source)
          : undefined;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id of their own; rows are only appended or removed
          <Box key={i} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label={t('quotas.source')}
                value={c.source}
                onChange={(e) => setCondition(i, { ...emptyCondition(), source: e.target.value })}
                sx={{ flex: 1, minWidth: 0 }}
              >
                {choices.map((b) => (
                  <MenuItem key={b.unique_question_id} value={`block:${b.unique_question_id}`}>
                    {blockTitle(b, i18n.language)}
                  </MenuItem>
                ))}
                {fields.map((name) => (
                  <MenuItem key={name} value={`hidden:${name}`}>
                    {t('quotas.field', { name })}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton
                aria-label={t('quotas.removeCondition')}
                disabled={draft.conditions.length === 1}
                onClick={() => setDraft({ ...draft, conditions: draft.conditions.filter((_, j) => j !== i) })}
              >
                <CloseIcon />
              </IconButton>
            </Stack>
            {block ? (
              <FormGroup row>
                {block.options.map((option) => (
                  <FormControlLabel
                    key={option}
                    label={option}
                    control={
                      <Checkbox
                        checked={c.chosen.includes(option)}
                        onChange={(_, on) =>
                          setCondition(i, {
                            ...c,
                            chosen: on ? [...c.chosen, option] : c.chosen.filter((x) => x !== option),
                          })
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            ) : null}
            {c.source.startsWith('hidden:') ? (
              <TextField
                size="small"
                fullWidth
                label={t('quotas.values')}
                value={c.typed}
                onChange={(e) => setCondition(i, { ...c, typed: e.target.value })}
                sx={{ mt: 1 }}
              />
            ) : null}
          </Box>
        );
      })}
      <Box>
        <Button
          size="small"
          onClick={() => setDraft({ ...draft, conditions: [...draft.conditions, emptyCondition()] })}
        >
          {t('quotas.addCondition')}
        </Button>
      </Box>
      <TextField
        select
        size="small"
        label={t('quotas.end')}
        value={draft.end}
        onChange={(e) => setDraft({ ...draft, end: e.target.value })}
      >
        <MenuItem value="">{t('quotas.dialogEnding')}</MenuItem>
        {ends.map((b) => (
          <MenuItem key={b.unique_question_id} value={b.unique_question_id}>
            {blockTitle(b, i18n.language)}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="outlined" disabled={!input || busy}>
          {submitLabel}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('quotas.cancel')}</Button> : null}
      </Stack>
    </Stack>
  );
}
