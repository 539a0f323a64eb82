import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { hiddenValueSchema } from '../../contract/hidden-value-schemas.ts';
import { SelectField } from './SelectField.tsx';

/**
 * A hidden field and a value as a link may carry it (issue 22): the pair the Analyse filter and a
 * block's jump on a hidden field are made of. The value is checked with the contract's rule, its message
 * shown at the field.
 */
export function useHiddenValueInput(names: readonly string[]) {
  const [picked, setPicked] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = names.includes(picked) ? picked : (names[0] ?? '');
  return {
    names,
    name,
    setName: setPicked,
    value,
    setValue: (v: string) => {
      setValue(v);
      setError(null);
    },
    error,
    setError,
    /** The checked value, or null with its message at the field. */
    parse(): string | null {
      const parsed = hiddenValueSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      setError(parsed.error.issues[0]?.message ?? '');
      return null;
    },
    clear: () => setValue(''),
  };
}

export type HiddenValueInput = ReturnType<typeof useHiddenValueInput>;

export function HiddenValueFields(props: {
  input: HiddenValueInput;
  fieldLabel: string;
  valueLabel: string;
}) {
  const { input } = props;
  return (
    <>
      <SelectField
        label={props.fieldLabel}
        value={input.name}
        options={input.names}
        optionLabel={(n) => n}
        onChange={input.setName}
        sx={{ minWidth: 120 }}
      />
      <TextField
        size="small"
        label={props.valueLabel}
        value={input.value}
        onChange={(e) => input.setValue(e.target.value)}
        error={input.error !== null}
        helperText={input.error}
        sx={{ minWidth: 140 }}
      />
    </>
  );
}
