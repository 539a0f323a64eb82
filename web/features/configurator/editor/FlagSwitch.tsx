import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

/** A 0/1 flag of a block as a switch. */
export function FlagSwitch({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  onChange(value: 0 | 1): void;
  disabled?: boolean;
}) {
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={<Switch checked={value === 1} onChange={(e) => onChange(e.target.checked ? 1 : 0)} />}
    />
  );
}
