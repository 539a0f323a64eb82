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
import type { AlertType } from '../../state/auth.ts';
import { AuthAlert } from './AuthAlert.tsx';

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
 * An outlined text field in the look of MUI's: the label sits in the field until it has focus or a
 * value (the blank placeholder tells CSS, auth.css), then on its border; the rule's message below.
 */
function AuthField(props: {
  label: string;
  error?: string;
  extra: FieldExtra;
  registered: UseFormRegisterReturn;
}) {
  const id = useId();
  const helperTextId = props.error ? `${id}-helper-text` : undefined;
  return (
    <div className="auth-field" data-error={!!props.error}>
      <input
        id={id}
        className="auth-input"
        placeholder=" "
        aria-invalid={!!props.error}
        aria-describedby={helperTextId}
        {...props.extra}
        {...props.registered}
      />
      <label htmlFor={id} id={`${id}-label`} className="auth-label">
        {props.label}
      </label>
      {props.error ? (
        <p id={helperTextId} className="auth-helper">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The frame of the sign-in screens' forms: an intro, the message of the last attempt, the fields, the
 * large submit button and what follows it (a link).
 */
export function AuthForm(props: {
  onSubmit(event: FormEvent): void;
  intro?: string;
  message: { text: string; type: AlertType } | null;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <form className="auth-form" noValidate onSubmit={props.onSubmit}>
      {props.intro ? <p className="auth-intro">{props.intro}</p> : null}
      {props.message ? <AuthAlert type={props.message.type}>{props.message.text}</AuthAlert> : null}
      {props.children}
      <button type="submit" className="auth-button auth-button-contained" disabled={props.submitting}>
        {props.submitLabel}
      </button>
      {props.after}
    </form>
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
