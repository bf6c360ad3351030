import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { returnPath, withReturnPath } from '../utils/redirect';
import { useAccountForm } from '../hooks/use-account-form';
import { emailError, requiredError, type FieldErrors } from '../utils/validation';
import { useAuth } from './auth-provider';
import { FormAlert, TextField } from './form-field';
import { SocialLogin } from './social-login';
import './auth.css';

type Field = 'email' | 'password';

function validate(values: Record<Field, string>): FieldErrors<Field> {
  return {
    email: emailError(values.email),
    password: requiredError(values.password, 'Enter your password.'),
  };
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
  const { formRef, values, setValues, errors, setErrors, failure, submitting, handleSubmit } = useAccountForm({
    initial: { email: '', password: '' },
    validate,
    submit: ({ email, password }) => login(email.trim(), password, { remember }),
    failureFallback: 'Login failed',
    onSuccess: () => navigate(returnPath(location.search), { replace: true, state: location.state as unknown }),
  });

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
