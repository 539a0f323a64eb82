import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { ANSWER_FILTER_MAX, type HiddenFilter } from '../../../contract/analytics.ts';
import { HiddenValueFields, useHiddenValueInput } from '../../components/HiddenValueFields.tsx';

/**
 * The filter on a hidden field (issue 22: 'src = panel'): the dialog's declared fields to pick from, the
 * value the link carried, and the active filters as chips. A value the link could not have carried is
 * refused at the field with the contract's rule, so the request never fails on it.
 */
export function HiddenFilterControl(props: {
  fieldNames: readonly string[];
  filters: HiddenFilter[];
  onAdd(filter: HiddenFilter): void;
  onRemove(filter: HiddenFilter): void;
}) {
  const { t } = useTranslation();
  const input = useHiddenValueInput(props.fieldNames);
  const full = props.filters.length >= ANSWER_FILTER_MAX;

  const add = () => {
    const value = input.parse();
    if (value === null) return;
    props.onAdd({ name: input.name, value });
    input.clear();
  };

  return (
    <Box
      component="form"
      role="group"
      aria-label={t('analytics.filters.hidden')}
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
    >
      <HiddenValueFields
        input={input}
        fieldLabel={t('analytics.filters.hiddenField')}
        valueLabel={t('analytics.filters.hiddenValue')}
      />
      <Button type="submit" variant="outlined" disabled={full} sx={{ height: 40 }}>
        {t('analytics.filters.hiddenAdd')}
      </Button>
      {props.filters.length > 0 ? (
        <Box
          role="list"
          aria-label={t('analytics.filters.hiddenFilters')}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignSelf: 'center' }}
        >
          {props.filters.map((f) => (
            <Chip
              key={`${f.name}\u0000${f.value}`}
              role="listitem"
              color="secondary"
              variant="outlined"
              label={`${f.name} = ${f.value}`}
              onDelete={() => props.onRemove(f)}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
