import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router';
import { socialProviderLabels, type SocialProvider } from '@sas/domain';
import { asOAuthMessage, socialLoginUrl, tokensOf } from '../utils/oauth';
import { useAuth } from './auth-provider';

/** SPEC.md sections 2 and 6: in this order. */
const providers: readonly SocialProvider[] = ['facebook', 'apple', 'google'];

const popupFeatures = 'popup,width=520,height=680';

function describe(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'Unknown error';
}

interface SocialLoginProps {
  /** The form's 'Remember me', which applies to a social sign-in too. */
  remember: boolean;
}

/**
 * The facebook, apple and google buttons. Each opens the provider's sign-in
 * in a popup; the popup's /oauth-redirect page posts the outcome back here,
 * and only a message from this site's own origin is believed (SPEC.md
 * sections 7 and 8 for the alerts).
 */
export function SocialLogin({ remember }: SocialLoginProps) {
  const { signInWithTokens } = useAuth();
  const navigate = useNavigate();

  // Listening from the commit that shows the buttons (a layout effect, not a
  // passive one that may run a frame later), so a popup's answer arriving at
  // once is never missed.
  useLayoutEffect(() => {
    async function handleMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      const message = asOAuthMessage(event.data);
      if (message === null) return;
      const tokens = tokensOf(message);
      if (tokens === null) {
        window.alert(`Social login failed: ${'error' in message ? message.error : 'Unknown error'}`);
        return;
      }
      try {
        await signInWithTokens(tokens, { remember });
        await navigate('/dashboard');
      } catch (error) {
        window.alert(`Login failed: ${describe(error)}`);
      }
    }
    const listener = (event: MessageEvent) => void handleMessage(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [navigate, remember, signInWithTokens]);

  function openPopup(provider: SocialProvider) {
    try {
      const popup = window.open(socialLoginUrl(provider, window.location.origin), 'sas-social-login', popupFeatures);
      if (popup === null) throw new Error('The sign-in window was blocked. Please allow pop-ups for this site.');
      popup.focus();
    } catch (error) {
      window.alert(`An error occurred: ${describe(error)}`);
    }
  }

  return (
    <section className="social-login" aria-labelledby="social-login-title">
      <h2 id="social-login-title" className="social-login__title">
        Or continue with
      </h2>
      <ul className="social-login__list">
        {providers.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className={`button button--secondary social-login__button social-login__button--${provider}`}
              onClick={() => openPopup(provider)}
            >
              Continue with {socialProviderLabels[provider]}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
