import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  useForm,
} from 'react-hook-form';

/**
 * The form of a sign-in screen checked by the contract's schema (`zodResolver(schema)`, or lazyResolver),
 * with `field`: a text field bound to one value that shows that value's rule as its helper text.
 */
export function useAuthForm<V extends FieldValues>(resolver: Resolver<V>, defaultValues: DefaultValues<V>) {
  const form = useForm<V>({ resolver, defaultValues });
  const field = (name: Path<V>, label: string, extra: FieldExtra = {}) => {
    const error = form.formState.errors[name] as FieldError | undefined;
    return <AuthField label={label} error={error?.message} extra={extra} registered={form.register(name)} />;
  };
  return { ...form, field };
}

/** What a sign-in field sets besides its label and value. */
type FieldExtra = { type?: 'password'; autoComplete?: string; autoFocus?: boolean };

/**
 * An outlined text field as MUI's TextField builds it (FormControl, InputLabel, OutlinedInput,
 * FormHelperText, wired by one id), from its parts: TextField also carries its select mode, whose menu
 * and popover would otherwise come with the login page.
 */
function AuthField(props: {
  label: string;
  error?: string;
  extra: FieldExtra;
  registered: UseFormRegisterReturn;
}) {
  const id = useId();
  const { ref, ...input } = props.registered;
  const helperTextId = props.error ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={!!props.error} ref={ref}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {props.label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={props.label}
        aria-describedby={helperTextId}
        {...props.extra}
        {...input}
      />
      {props.error ? <FormHelperText id={helperTextId}>{props.error}</FormHelperText> : null}
    </FormControl>
  );
}

/**
 * The frame of the sign-in screens' forms: an intro, the message of the last attempt, the fields, the
 * large submit button and what follows it (a link).
 */
export function AuthForm(props: {
  onSubmit(event: FormEvent): void;
  intro?: string;
  message: { text: string; type: AlertColor } | null;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={props.onSubmit}>
      {props.intro ? (
        <Typography variant="body2" color="text.secondary">
          {props.intro}
        </Typography>
      ) : null}
      {props.message ? (
        <Alert severity={props.message.type} role="alert">
          {props.message.text}
        </Alert>
      ) : null}
      {props.children}
      <Button type="submit" variant="contained" size="large" disabled={props.submitting}>
        {props.submitLabel}
      </Button>
      {props.after}
    </Stack>
  );
}

/**
 * A resolver loaded at the form's first check, with zod and the schema: the login page's first download
 * then carries neither (the check runs on submit, long after the page has loaded).
 */
export function lazyResolver<V extends FieldValues>(load: () => Promise<Resolver<V>>): Resolver<V> {
  let loading: Promise<Resolver<V>> | null = null;
  return async (values, context, options) => {
    loading ??= load();
    return (await loading)(values, context, options);
  };
}

/** The last attempt's failure as the form's message. */
export const failureMessage = (text: string | null) => (text ? { text, type: 'error' as const } : null);
