import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block, FieldJump } from '../../../../contract/blocks.ts';
import { useHiddenFieldNames } from '../../../api/quotas-api.ts';
import { HiddenValueFields, useHiddenValueInput } from '../../../components/HiddenValueFields.tsx';
import { useConfiguratorStore } from '../store.ts';
import { JumpTargetSelect } from './JumpTargetSelect.tsx';
import { useBlockField } from './use-block-field.ts';

/**
 * 'Sprünge nach versteckten Feldern' (issue 22): rules 'wenn src = panel → Block X' after the block,
 * taken when no option jump applies and before 'Danach weiter mit'. Each rule names one of the dialog's
 * declared hidden fields; a rule on a field since removed stays listed (the pre-flight check names it)
 * so that the author can delete it. The whole list is saved per change (one key per update).
 */
export function FieldJumpsEditor({ block }: { block: Block }) {
  const { t } = useTranslation();
  const surveyId = useConfiguratorStore((s) => s.surveyId ?? '');
  const names = useHiddenFieldNames(surveyId).data ?? [];
  const { commit } = useBlockField(block);
  const save = commit('field_jumps');
  const rules = block.field_jumps;
  const set = (next: FieldJump[]) => save(next);

  return (
    <Box component="section" aria-labelledby={`field-jumps-${block.unique_question_id}`}>
      <Typography variant="subtitle2" id={`field-jumps-${block.unique_question_id}`} sx={{ mb: 1 }}>
        {t('configurator.fieldJumps.title')}
      </Typography>
      <Stack spacing={1}>
        {rules.map((rule, i) => (
          <Paper
            key={`${rule.field}\u0000${rule.value}`}
            variant="outlined"
            sx={{ p: 1 }}
            role="group"
            aria-label={t('configurator.fieldJumps.rule', { field: rule.field, value: rule.value })}
          >
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Typography variant="body2" sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
                {t('configurator.fieldJumps.when', { field: rule.field, value: rule.value })}
              </Typography>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <JumpTargetSelect
                  required
                  label={t('configurator.fieldJumps.target')}
                  value={rule.target}
                  onChange={(target) => target && set(rules.map((r, j) => (j === i ? { ...r, target } : r)))}
                  error={names.includes(rule.field) ? null : t('configurator.fieldJumps.unknownField')}
                />
              </Box>
              <IconButton
                aria-label={t('configurator.fieldJumps.remove')}
                onClick={() => set(rules.filter((_, j) => j !== i))}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Stack>
          </Paper>
        ))}
        {names.length === 0 ? (
          <Alert severity="info" variant="outlined">
            {t('configurator.fieldJumps.noFields')}
          </Alert>
        ) : (
          <NewRule names={names} rules={rules} onAdd={(rule) => set([...rules, rule])} />
        )}
      </Stack>
    </Box>
  );
}

/** The row that adds a rule: field, value (checked as a link carries it, once per field) and target. */
function NewRule(props: {
  names: readonly string[];
  rules: readonly FieldJump[];
  onAdd(rule: FieldJump): void;
}) {
  const { t } = useTranslation();
  const input = useHiddenValueInput(props.names);
  const [target, setTarget] = useState<string | null>(null);
  const add = () => {
    const value = input.parse();
    if (value === null || target === null) return;
    // The first rule for a value decides: a second one could never apply.
    if (props.rules.some((r) => r.field === input.name && r.value === value)) {
      return input.setError(t('configurator.fieldJumps.duplicate'));
    }
    props.onAdd({ field: input.name, value, target });
    input.clear();
    setTarget(null);
  };
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      role="group"
      aria-label={t('configurator.fieldJumps.new')}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <HiddenValueFields
        input={input}
        fieldLabel={t('configurator.fieldJumps.field')}
        valueLabel={t('configurator.fieldJumps.value')}
      />
      <Box sx={{ flex: 1, minWidth: 160 }}>
        <JumpTargetSelect
          required
          label={t('configurator.fieldJumps.target')}
          value={target}
          onChange={setTarget}
        />
      </Box>
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        disabled={target === null || input.value.trim() === ''}
        onClick={add}
        sx={{ height: 40, flexShrink: 0 }}
      >
        {t('configurator.fieldJumps.add')}
      </Button>
    </Stack>
  );
}
