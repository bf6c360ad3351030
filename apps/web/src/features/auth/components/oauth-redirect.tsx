import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@/components/link';
import { readOAuthFragment, tokensOf } from '../utils/oauth';
import { useAuth } from './auth-provider';
import './auth.css';

/**
 * Where the social-login popup lands (SPEC.md section 7). With the window
 * that opened it still there, the outcome goes back to it as a same-origin
 * message and the popup closes. Opened on its own (a blocked popup that
 * became a tab, a mobile browser), it finishes the sign-in itself.
 */
export function OAuthRedirect() {
  const { signInWithTokens } = useAuth();
  const navigate = useNavigate();
  const [outcome] = useState(() => readOAuthFragment(window.location.hash));
  const [failure, setFailure] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    // The fragment carries tokens: keep them out of the history and the address bar.
    if (window.location.hash !== '') {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
    if (outcome === null) return;

    const opener = window.opener as Window | null;
    if (opener !== null && !opener.closed) {
      opener.postMessage(outcome, window.location.origin);
      window.close();
      return;
    }
    const tokens = tokensOf(outcome);
    if (tokens === null) return;
    signInWithTokens(tokens).then(
      () => navigate('/dashboard', { replace: true }),
      (error: unknown) => setFailure(`Login failed: ${error instanceof Error ? error.message : 'Unknown error'}`),
    );
  }, [navigate, outcome, signInWithTokens]);

  const message =
    outcome === null
      ? 'Social login failed: the sign-in did not return a result.'
      : 'error' in outcome
        ? `Social login failed: ${outcome.error}`
        : failure;

  if (message === null) {
    return (
      <div className="auth-card">
        <p role="status" className="auth-card__lead">
          Signing you in...
        </p>
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">Sign-in did not work</h1>
      <p role="alert" className="auth-alert">
        {message}
      </p>
      <p className="auth-card__switch">
        <Link to="/login">Back to login</Link>
      </p>
    </div>
  );
}
