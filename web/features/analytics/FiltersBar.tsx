import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_MODES, ANSWER_FILTER_MAX, type AnalyticsMode } from '../../../contract/analytics.ts';
import { SelectField } from '../../components/SelectField.tsx';
import {
  addHiddenFilter,
  customRangeInvalid,
  DATE_PRESETS,
  type FilterState,
  removeAnswerFilter,
  removeHiddenFilter,
} from './filters.ts';
import { HiddenFilterControl } from './HiddenFilterControl.tsx';

/**
 * The filters that apply to every figure: which answers (live, test, all), the period (presets or
 * two dates), the version, finished sessions only, the answer filters added by clicking a bar, as
 * chips, and, when the dialog has hidden fields, a filter on their values.
 */
export function FiltersBar(props: {
  state: FilterState;
  onChange(next: FilterState): void;
  /** Block labels by unique_question_id, for the chips. */
  blockLabels: ReadonlyMap<string, string>;
  /** The dialog's hidden fields ('Versteckte Felder'); none: no hidden-field filter. */
  hiddenFieldNames?: readonly string[];
  /** The dialog's versions to filter by (issue 21); absent where versions do not apply (games). */
  versions?: readonly number[];
}) {
  const { t } = useTranslation();
  const { state, onChange } = props;
  const set = (patch: Partial<FilterState>) => onChange({ ...state, ...patch });
  const invalid = customRangeInvalid(state);

  return (
    <Box
      role="search"
      aria-label={t('analytics.filters.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={state.mode}
        onChange={(_, mode: AnalyticsMode | null) => mode && set({ mode })}
        aria-label={t('analytics.mode.label')}
      >
        {ANALYTICS_MODES.map((mode) => (
          <ToggleButton key={mode} value={mode}>
            {t(`analytics.mode.${mode}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <SelectField
        label={t('analytics.filters.period')}
        value={state.preset}
        options={DATE_PRESETS}
        optionLabel={(preset) => t(`analytics.filters.${preset}`)}
        onChange={(preset) => set({ preset })}
        sx={{ minWidth: 190 }}
      />
      {state.preset === 'custom' ? (
        <>
          <TextField
            type="date"
            size="small"
            label={t('analytics.filters.from')}
            value={state.customFrom}
            onChange={(e) => set({ customFrom: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label={t('analytics.filters.to')}
            value={state.customTo}
            onChange={(e) => set({ customTo: e.target.value })}
            error={invalid}
            helperText={invalid ? t('analytics.filters.rangeInvalid') : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      ) : null}
      {props.versions && props.versions.length > 0 ? (
        <SelectField
          label={t('versions.analyse.filter')}
          value={state.version === null ? 'all' : String(state.version)}
          options={['all', ...props.versions.map(String)]}
          optionLabel={(v) =>
            v === 'all' ? t('versions.analyse.all') : t('versions.analyse.one', { number: v })
          }
          onChange={(v) => set({ version: v === 'all' ? null : Number(v) })}
          sx={{ minWidth: 170 }}
        />
      ) : null}
      <FormControlLabel
        control={
          <Switch checked={state.finishedOnly} onChange={(e) => set({ finishedOnly: e.target.checked })} />
        }
        label={t('analytics.filters.finishedOnly')}
      />
      {state.answerEquals.length > 0 ? (
        <Box
          role="list"
          aria-label={t('analytics.filters.answerFilters')}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
        >
          {state.answerEquals.map((f) => (
            <Chip
              key={`${f.unique_question_id}\u0000${f.skipped ? '\u0001' : f.value}`}
              role="listitem"
              color="primary"
              variant="outlined"
              label={`${props.blockLabels.get(f.unique_question_id) ?? f.unique_question_id} = ${f.skipped ? t('analytics.dropoff.skipped') : f.value}`}
              onDelete={() => set({ answerEquals: removeAnswerFilter(state.answerEquals, f) })}
            />
          ))}
        </Box>
      ) : null}
      {props.hiddenFieldNames && props.hiddenFieldNames.length > 0 ? (
        <HiddenFilterControl
          fieldNames={props.hiddenFieldNames}
          filters={state.hiddenEquals}
          onAdd={(f) => set({ hiddenEquals: addHiddenFilter(state.hiddenEquals, f) })}
          onRemove={(f) => set({ hiddenEquals: removeHiddenFilter(state.hiddenEquals, f) })}
        />
      ) : null}
      {state.answerEquals.length >= ANSWER_FILTER_MAX ? (
        <Typography variant="caption" color="text.secondary">
          {t('analytics.filters.maxReached', { max: ANSWER_FILTER_MAX })}
        </Typography>
      ) : null}
    </Box>
  );
}
