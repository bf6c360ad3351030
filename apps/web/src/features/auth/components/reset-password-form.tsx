import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { passwordMinLength } from '@sas/domain';
import { useResetPassword } from '../api/reset-password';
import {
  confirmPasswordError,
  failureMessage,
  focusFirstInvalid,
  isValid,
  newPasswordError,
  type FieldErrors,
} from '../utils/validation';
import { FormAlert, TextField } from './form-field';
import './auth.css';

type Field = 'password' | 'confirmPassword';

function validate(values: Record<Field, string>): FieldErrors<Field> {
  return {
    password: newPasswordError(values.password),
    confirmPassword: confirmPasswordError(values.password, values.confirmPassword),
  };
}

/**
 * SPEC.md section 2, /reset-password, wired (docs/spec-deviations.md): the
 * token comes from the e-mailed link (?token=), the new password is typed
 * twice and must match, and success leads to /password-reset-success.
 */
export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const reset = useResetPassword();

  if (token === '') {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">Reset your password</h1>
        <p className="auth-card__lead">
          This link is incomplete. Please open the link from your email again, or ask for a new one.
        </p>
        <p className="auth-card__switch">
          <Link to="/forgot-password">Send me a new link</Link>
        </p>
      </div>
    );
  }

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    const found = validate(next);
    if (errors[field] || (field === 'password' && errors.confirmPassword)) {
      setErrors({
        ...errors,
        ...(errors[field] ? { [field]: found[field] } : {}),
        ...(field === 'password' && errors.confirmPassword ? { confirmPassword: found.confirmPassword } : {}),
      });
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    const found = validate(values);
    flushSync(() => setErrors(found));
    if (!isValid(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    reset.mutate(
      { token, password: values.password },
      { onSuccess: () => void navigate('/password-reset-success', { replace: true }) },
    );
  }

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">Reset your password</h1>
      <p className="auth-card__lead">Choose a new password for your account.</p>
      <form ref={formRef} className="auth-form" noValidate onSubmit={handleSubmit}>
        <FormAlert
          message={reset.isError ? failureMessage(reset.error, 'Something went wrong. Please try again.') : null}
        />
        {reset.isError && (
          <p className="auth-form__note">
            Link expired? <Link to="/forgot-password">Send me a new link</Link>
          </p>
        )}
        <TextField
          id="reset-password"
          label="Create password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={passwordMinLength}
          hint={`At least ${passwordMinLength} characters.`}
          value={values.password}
          error={errors.password}
          onChange={(event) => change('password', event.target.value)}
        />
        <TextField
          id="reset-confirm-password"
          label="Re-enter password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => change('confirmPassword', event.target.value)}
        />
        <button type="submit" className="button button--primary auth-form__submit" aria-disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Reset password'}
        </button>
      </form>
    </div>
  );
}
