import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '@/components/link';
import type { SessionUser } from '@sas/domain';
import { returnPath, withReturnPath } from '../utils/redirect';
import { useAccountForm } from '../hooks/use-account-form';
import { isTotpRequired, pathAfterSignIn, totpCodeError } from '../utils/two-step';
import { emailError, requiredError, type FieldErrors } from '../utils/validation';
import { useAuth } from './auth-provider';
import { FormAlert, TextField } from './form-field';
import { SocialLogin } from './social-login';
import './auth.css';

type Field = 'email' | 'password' | 'code';

/** The second step asks for the authenticator code of an account with two-step sign-in. */
type Step = 'password' | 'code';

function validator(step: Step) {
  return (values: Record<Field, string>): FieldErrors<Field> => ({
    email: emailError(values.email),
    password: requiredError(values.password, 'Enter your password.'),
    code: step === 'code' ? totpCodeError(values.code) : undefined,
  });
}

/**
 * SPEC.md section 2, /login: email and password (both required), Remember
 * me, the way to reset a password or sign up, and social sign-in. On success
 * the visitor returns to the page that sent them here (with its navigation
 * state, e.g. a reservation in progress), else to the home page.
 */
export function LoginForm() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [remember, setRemember] = useState(false);
  const [step, setStep] = useState<Step>('password');
  const signedIn = useRef<SessionUser | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const validate = validator(step);
  const { formRef, values, setValues, errors, setErrors, failure, submitting, handleSubmit } = useAccountForm({
    initial: { email: '', password: '', code: '' },
    validate,
    submit: async ({ email, password, code }) => {
      try {
        const totpCode = step === 'code' ? code.replace(/\s+/g, '') : undefined;
        signedIn.current = await login(email.trim(), password, { remember, totpCode });
      } catch (error) {
        // The server's message ("Enter the 6-digit code...") shows above the new field.
        if (isTotpRequired(error)) setStep('code');
        throw error;
      }
    },
    failureFallback: 'Login failed',
    onSuccess: async () => {
      const back = returnPath(location.search);
      const user = signedIn.current;
      const next = user ? await pathAfterSignIn(user, back) : back;
      await navigate(next, { replace: true, state: next === back ? (location.state as unknown) : undefined });
    },
  });

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  function startOver() {
    setStep('password');
    setValues({ ...values, code: '' });
    setErrors({});
  }

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field has said what is wrong, it says when it is right again.
    if (errors[field]) setErrors({ ...errors, [field]: validate(next)[field] });
  }

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">Log in</h1>
      <p className="auth-card__lead">Welcome back. Sign in to manage your stays.</p>
      <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <FormAlert message={failure} />
        {step === 'code' ? (
          <>
            <p className="auth-form__note">
              Two-step sign-in is on for <strong>{values.email.trim()}</strong>. Open your authenticator app and enter
              the code it shows for Summit &amp; Shore.
            </p>
            <TextField
              ref={codeRef}
              id="login-code"
              label="Authentication code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
              value={values.code}
              error={errors.code}
              onChange={(event) => change('code', event.target.value)}
            />
            <button type="submit" className="button button--primary auth-form__submit" aria-disabled={submitting}>
              {submitting ? 'Checking...' : 'Verify and log in'}
            </button>
            <button type="button" className="button button--secondary" onClick={startOver}>
              Use a different account
            </button>
          </>
        ) : (
          <>
            <TextField
              id="login-email"
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={values.email}
              error={errors.email}
              onChange={(event) => change('email', event.target.value)}
            />
            <TextField
              id="login-password"
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={values.password}
              error={errors.password}
              onChange={(event) => change('password', event.target.value)}
            />
            <div className="auth-form__row">
              <label className="auth-form__check">
                <input
                  type="checkbox"
                  name="remember"
                  checked={remember}
                  onChange={(event) => setRemember(event.target.checked)}
                />
                Remember me
              </label>
              <Link to="/forgot-password">Forgot password?</Link>
            </div>
            <button type="submit" className="button button--primary auth-form__submit" aria-disabled={submitting}>
              {submitting ? 'Logging in...' : 'Log in'}
            </button>
          </>
        )}
      </form>
      <SocialLogin remember={remember} />
      <p className="auth-card__switch">
        New to Summit &amp; Shore?{' '}
        <Link to={withReturnPath('/signup', location.search)} state={location.state as unknown}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
