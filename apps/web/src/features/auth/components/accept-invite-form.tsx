import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { passwordMinLength } from '@sas/domain';
import { acceptInvite } from '../api/accept-invite';
import { isTotpRequired, pathAfterSignIn, totpCodeError } from '../utils/two-step';
import {
  confirmPasswordError,
  failureMessage,
  focusFirstInvalid,
  isValid,
  newPasswordError,
  type FieldErrors,
} from '../utils/validation';
import { useAuth } from './auth-provider';
import { FormAlert, TextField } from './form-field';
import './auth.css';

type Field = 'password' | 'confirmPassword' | 'code';

/**
 * /accept-invite?token=: the page an invitation e-mail links to. The invited
 * staff member or owner chooses a password (typed twice) and is signed in,
 * then taken to the console. An account that already has two-step sign-in is
 * asked for its code as well.
 */
export function AcceptInviteForm() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const { signInWithTokens } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [needsCode, setNeedsCode] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (needsCode) codeRef.current?.focus();
  }, [needsCode]);

  if (token === '') {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">Accept your invitation</h1>
        <p className="auth-card__lead">
          This link is incomplete. Please open the link from your invitation e-mail again, or ask the person who invited
          you for a new one.
        </p>
      </div>
    );
  }

  function validate(next: Record<Field, string>): FieldErrors<Field> {
    return {
      password: newPasswordError(next.password),
      confirmPassword: confirmPasswordError(next.password, next.confirmPassword),
      code: needsCode ? totpCodeError(next.code) : undefined,
    };
  }

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors({ ...errors, [field]: validate(next)[field] });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validate(values);
    flushSync(() => setErrors(found));
    if (!isValid(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await acceptInvite({
        token,
        password: values.password,
        ...(needsCode ? { totpCode: values.code.replace(/\s+/g, '') } : {}),
      });
      const user = await signInWithTokens(answer, { remember: true });
      await navigate(
        await pathAfterSignIn(user, user.role === 'guest' || user.role === 'cleaner' ? '/dashboard' : '/admin'),
        { replace: true },
      );
    } catch (error) {
      if (isTotpRequired(error)) setNeedsCode(true);
      setFailure(failureMessage(error, 'Something went wrong. Please try again.'));
      setSubmitting(false);
    }
  }

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">Accept your invitation</h1>
      <p className="auth-card__lead">
        Choose a password for your Summit &amp; Shore account to sign in to the console.
      </p>
      <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <FormAlert message={failure} />
        <TextField
          id="invite-password"
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
          id="invite-confirm-password"
          label="Re-enter password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => change('confirmPassword', event.target.value)}
        />
        {needsCode && (
          <TextField
            ref={codeRef}
            id="invite-code"
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            value={values.code}
            error={errors.code}
            onChange={(event) => change('code', event.target.value)}
          />
        )}
        <button type="submit" className="button button--primary auth-form__submit" aria-disabled={submitting}>
          {submitting ? 'Saving...' : 'Set password and sign in'}
        </button>
      </form>
      <p className="auth-card__switch">
        Already have a password? <Link to="/login">Log in</Link>
      </p>
    </div>
  );
}
