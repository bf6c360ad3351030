import { Link } from '@/components/link';
import './auth.css';

/** SPEC.md section 2, /password-reset-success: the new password works now; a Login link. */
export function PasswordResetSuccess() {
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">Password reset</h1>
      <p role="status" className="auth-card__lead">
        Your password has been reset. You can now log in with your new password.
      </p>
      <Link to="/login" className="button button--primary auth-form__submit">
        Login
      </Link>
    </div>
  );
}
