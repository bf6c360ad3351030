import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from '@/components/link';
import { useRequestPasswordReset } from '../api/forgot-password';
import { emailError, failureMessage, focusFirstInvalid } from '../utils/validation';
import { FormAlert, TextField } from './form-field';
import './auth.css';

/**
 * SPEC.md section 2, /forgot-password, wired (docs/spec-deviations.md): the
 * server e-mails a single-use reset link and answers the same message
 * whether or not the address has an account, and that message is shown.
 */
export function ForgotPasswordForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reset = useRequestPasswordReset();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    const found = emailError(email);
    flushSync(() => setError(found));
    if (found) {
      focusFirstInvalid(formRef.current);
      return;
    }
    reset.mutate({ email: email.trim() });
  }

  if (reset.isSuccess) {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">Check your email</h1>
        <p role="status" className="auth-card__lead">
          {reset.data.message}
        </p>
        <p className="auth-card__switch">
          <Link to="/login">Back to login</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">Forgot your password?</h1>
      <p className="auth-card__lead">
        Enter the email address of your account and we will send you a link to reset it.
      </p>
      <form ref={formRef} className="auth-form" noValidate onSubmit={handleSubmit}>
        <FormAlert
          message={reset.isError ? failureMessage(reset.error, 'Something went wrong. Please try again.') : null}
        />
        <TextField
          id="forgot-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(emailError(event.target.value));
          }}
        />
        <button type="submit" className="button button--primary auth-form__submit" aria-disabled={reset.isPending}>
          {reset.isPending ? 'Sending...' : 'Submit'}
        </button>
      </form>
      <p className="auth-card__switch">
        Remembered it? <Link to="/login">Back to login</Link>
      </p>
    </div>
  );
}
