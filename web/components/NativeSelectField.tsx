import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';

export type NativeSelectFieldProps<V extends string> = Pick<FormControlProps, 'sx'> & {
  label: string;
  /** The values come from `options`: value and onChange follow them (NoInfer). */
  value: NoInfer<V>;
  options: readonly V[];
  /** What the author reads for a value (its translated name). */
  optionLabel(option: V): string;
  onChange(value: NoInfer<V>): void;
};

/**
 * SelectField's small outlined field over the browser's own <select>: the same look closed and the same
 * keyboard use, without MUI's Select, Menu and Popover (issue 23: the dashboard's sort field).
 */
export function NativeSelectField<V extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
  sx,
}: NativeSelectFieldProps<V>) {
  const id = useId();
  return (
    <FormControl size="small" sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <NativeSelect
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        input={<OutlinedInput label={label} />}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
