import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/link';
import type { TotpSetupResponse } from '@sas/domain';
import { useChangeTotp } from '../api/change-totp';
import { useTotpStatus } from '../api/get-totp-status';
import { useStartTotpSetup } from '../api/start-totp-setup';
import { totpCodeError, usesTwoStep } from '../utils/two-step';
import { failureMessage } from '../utils/validation';
import { useAuth } from './auth-provider';
import { FormAlert, TextField } from './form-field';
import './auth.css';

/** A code form: turns two-step sign-in on (while enrolling) or off. */
function CodeForm({ action, id, submitLabel }: { action: 'enable' | 'disable'; id: string; submitLabel: string }) {
  const change = useChangeTotp(action);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    const found = totpCodeError(code);
    setError(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    change.mutate({ code: code.replace(/\s+/g, '') }, { onError: () => setCode('') });
  }

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <FormAlert
        message={change.isError ? failureMessage(change.error, 'Something went wrong. Please try again.') : null}
      />
      <TextField
        ref={inputRef}
        id={id}
        label="Authentication code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        required
        hint="The 6 digits your authenticator app shows for Summit & Shore."
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          if (error) setError(totpCodeError(event.target.value));
        }}
      />
      <button type="submit" className="button button--primary auth-form__submit" aria-disabled={change.isPending}>
        {change.isPending ? 'Checking...' : submitLabel}
      </button>
    </form>
  );
}

function Enrolment({ setup }: { setup: TotpSetupResponse }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="security-enrol" className="security__enrol">
      <h2 id="security-enrol" ref={headingRef} tabIndex={-1}>
        Connect your authenticator app
      </h2>
      <ol className="security__steps">
        <li>
          <p>Scan this code with an authenticator app (such as 1Password, Google Authenticator or Authy):</p>
          <img
            className="security__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            width={200}
            height={200}
            alt="QR code to add Summit & Shore to your authenticator app"
          />
        </li>
        <li>
          <p>
            Or type this key into the app: <code className="security__secret">{setup.secret}</code>
          </p>
        </li>
        <li>
          <p>Enter the code the app shows to finish.</p>
          <CodeForm action="enable" id="security-enable-code" submitLabel="Turn on two-step sign-in" />
        </li>
      </ol>
    </section>
  );
}

/**
 * /account/security: two-step sign-in (TOTP) for staff and admins: set it up
 * with a QR code or the key, confirm one code; turn it off with a code.
 */
export function SecurityPage() {
  const { user } = useAuth();
  // Why the user was sent here (the console, refused without two-step sign-in), if they were.
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const status = useTotpStatus();
  const setup = useStartTotpSetup();
  if (user === null) return null;

  if (!usesTwoStep(user.role)) {
    return (
      <div className="page-container security">
        <h1>Sign-in security</h1>
        <p>Two-step sign-in is for staff and admin accounts.</p>
        <p>
          <Link to="/dashboard">Back to your account</Link>
        </p>
      </div>
    );
  }

  let body;
  if (status.isPending) body = <p role="status">Loading...</p>;
  else if (status.isError) {
    body = (
      <div role="alert" className="auth-alert">
        <p>We could not load your sign-in settings. {status.error.message}</p>
        <button type="button" className="button button--secondary" onClick={() => void status.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (status.data.enabled) {
    body = (
      <>
        <p role="status" className="security__on">
          Two-step sign-in is on: signing in asks for a code from your authenticator app.
        </p>
        <p>
          <Link to="/admin">Go to the console</Link>
        </p>
        <section aria-labelledby="security-disable">
          <h2 id="security-disable">Turn off two-step sign-in</h2>
          {status.data.required && (
            <p className="auth-form__note">
              Your company requires it for staff accounts: the console stays closed until you set it up again.
            </p>
          )}
          <CodeForm action="disable" id="security-disable-code" submitLabel="Turn off two-step sign-in" />
        </section>
      </>
    );
  } else {
    body = (
      <>
        {status.data.required && (
          <p className="auth-alert" role="note">
            Your company requires two-step sign-in for staff accounts. Set it up to use the console.
          </p>
        )}
        <p>
          Two-step sign-in is off. With it on, signing in asks for your password and a code from an authenticator app on
          your phone, so a stolen password alone cannot open the console.
        </p>
        <FormAlert
          message={setup.isError ? failureMessage(setup.error, 'Something went wrong. Please try again.') : null}
        />
        {setup.data ? (
          <Enrolment key={setup.data.secret} setup={setup.data} />
        ) : (
          <button
            type="button"
            className="button button--primary"
            aria-disabled={setup.isPending}
            onClick={() => {
              if (!setup.isPending) setup.mutate();
            }}
          >
            {setup.isPending ? 'Preparing...' : 'Set up two-step sign-in'}
          </button>
        )}
      </>
    );
  }

  return (
    <div className="page-container security">
      <h1>Sign-in security</h1>
      {typeof notice === 'string' && (
        <p role="alert" className="auth-alert">
          {notice}
        </p>
      )}
      <p>
        <Link to="/dashboard">Back to your account</Link>
      </p>
      {body}
    </div>
  );
}
