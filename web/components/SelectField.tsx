import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type SelectFieldProps<V extends string> = Omit<
  TextFieldProps,
  'select' | 'value' | 'onChange' | 'children'
> & {
  /** The values come from `options`: value and onChange follow them (NoInfer). */
  value: NoInfer<V>;
  options: readonly V[];
  /** What the author reads for a value (its translated name). */
  optionLabel(option: V): string;
  onChange(value: NoInfer<V>): void;
};

/** A small select over a fixed list of values: sort orders, roles, languages, block and trigger types. */
export function SelectField<V extends string>({
  value,
  options,
  optionLabel,
  onChange,
  ...field
}: SelectFieldProps<V>) {
  return (
    <TextField select size="small" value={value} onChange={(e) => onChange(e.target.value as V)} {...field}>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
