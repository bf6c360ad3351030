import { useLocation, useNavigate } from 'react-router';
import { Link } from '@/components/link';
import { passwordMinLength } from '@sas/domain';
import { useAccountForm } from '../hooks/use-account-form';
import { returnPath, withReturnPath } from '../utils/redirect';
import {
  confirmPasswordError,
  emailError,
  newPasswordError,
  requiredError,
  type FieldErrors,
} from '../utils/validation';
import { useAuth } from './auth-provider';
import { FormAlert, TextField } from './form-field';
import './auth.css';

type TextFieldName = 'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword';
type Field = TextFieldName | 'terms';

interface Values extends Record<TextFieldName, string> {
  terms: boolean;
}

const empty: Values = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', terms: false };

function validate(values: Values): FieldErrors<Field> {
  return {
    firstName: requiredError(values.firstName, 'Enter your first name.'),
    lastName: requiredError(values.lastName, 'Enter your last name.'),
    email: emailError(values.email),
    password: newPasswordError(values.password),
    confirmPassword: confirmPasswordError(values.password, values.confirmPassword),
    terms: values.terms ? undefined : 'Please accept the terms and policies to create an account.',
  };
}

const textFields: readonly {
  name: TextFieldName;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
}[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];

/**
 * SPEC.md section 2, /signup, working (docs/spec-deviations.md): the form's
 * own values go to POST /api/auth/register, the two passwords must match,
 * the server's refusal (e-mail taken, too many attempts) is shown, and the
 * new guest is signed in and taken where they were going.
 */
export function SignupForm() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { formRef, values, setValues, errors, setErrors, failure, submitting, handleSubmit } = useAccountForm({
    initial: empty,
    validate,
    submit: (form: Values) =>
      register({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        email: form.email.trim(),
        password: form.password,
      }),
    failureFallback: 'Registration failed',
    onSuccess: () => navigate(returnPath(location.search), { replace: true, state: location.state as unknown }),
  });

  function change(next: Values, field: Field) {
    setValues(next);
    const found = validate(next);
    const update: FieldErrors<Field> = {};
    if (errors[field]) update[field] = found[field];
    // Retyping the password can settle (or break) the confirmation shown below it.
    if (field === 'password' && errors.confirmPassword) update.confirmPassword = found.confirmPassword;
    if (Object.keys(update).length > 0) setErrors({ ...errors, ...update });
  }

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">Create an account</h1>
      <p className="auth-card__lead">Book faster and find all of your stays in one place.</p>
      <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <FormAlert message={failure} />
        <p className="auth-form__note">All fields are required.</p>
        {textFields.map((field) => (
          <TextField
            key={field.name}
            id={`signup-${field.name}`}
            label={field.label}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            required
            minLength={field.type === 'password' ? passwordMinLength : undefined}
            hint={field.name === 'password' ? `At least ${passwordMinLength} characters.` : undefined}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(event) => change({ ...values, [field.name]: event.target.value }, field.name)}
          />
        ))}
        <div className="auth-form__terms">
          <label className="auth-form__check">
            <input
              id="signup-terms"
              type="checkbox"
              name="terms"
              required
              checked={values.terms}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'signup-terms-error' : undefined}
              onChange={(event) => change({ ...values, terms: event.target.checked }, 'terms')}
            />
            I agree to the terms and policies
          </label>{' '}
          <Link to="/policies" className="auth-form__terms-link">
            Read our policies
          </Link>
          {errors.terms && (
            <p id="signup-terms-error" className="auth-form__error">
              {errors.terms}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary auth-form__submit" aria-disabled={submitting}>
          {submitting ? 'Creating your account...' : 'Sign up'}
        </button>
      </form>
      <p className="auth-card__switch">
        Already have an account?{' '}
        <Link to={withReturnPath('/login', location.search)} state={location.state as unknown}>
          Log in
        </Link>
      </p>
    </div>
  );
}
