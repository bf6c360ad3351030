import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  ref?: Ref<HTMLInputElement>;
  /** Shown under the field and read out with it (aria-describedby). */
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input whose error is tied to it, for the account forms. */
export function TextField({ id, label, error, hint, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        {...input}
      />
      {hint && (
        <p id={hintId} className="auth-form__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="auth-form__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form-level message of a refused request; role=alert so it is read out when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  // The live region stays in the page so screen readers notice the text arriving.
  return (
    <div role="alert" className={message ? 'auth-alert' : undefined}>
      {message}
    </div>
  );
}
