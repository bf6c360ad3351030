import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface Described {
  label: string;
  /** Shown under the control and read with it. */
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function Notes({ id, hint, error }: { id: string; hint: ReactNode; error: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="home-form__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="home-form__error">
          {error}
        </p>
      )}
    </>
  );
}

type InputProps = Described & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/** A labelled input with its hint and error tied to it. */
export function InputField({ label, hint, error, className, ...input }: InputProps) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

type TextAreaProps = Described & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

export function TextAreaField({ label, hint, error, className, ...textarea }: TextAreaProps) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}
