import { useId, useRef, useState, type FormEvent } from 'react';
import { inviteRoles, inviteUserRequestSchema, inviteValidDays, type InviteRole } from '@sas/domain';
import { errorMessage } from '../../shared/format';
import { useInviteUser } from '../api/invite-user';
import { HomesPicker } from './homes-picker';
import { roleLabels } from '../role-labels';

/**
 * Invites a staff member or an owner: the server creates the account (or
 * gives an existing guest the role) and e-mails a link to set a password.
 */
export function InviteForm() {
  const invite = useInviteUser();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('staff');
  const [homes, setHomes] = useState<string[]>([]);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [sent, setSent] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const emailId = useId();
  const roleId = useId();
  const errorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    setSent('');
    const parsed = inviteUserRequestSchema.safeParse({ email, role, homes: role === 'owner' ? homes : undefined });
    if (!parsed.success) {
      setEmailError(parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message);
      emailRef.current?.focus();
      return;
    }
    setEmailError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (user) => {
        setSent(`Invitation sent to ${user.email}. The link works for ${inviteValidDays} days.`);
        setEmail('');
        setHomes([]);
      },
    });
  }

  return (
    <form className="accounts__invite" noValidate onSubmit={submit}>
      <div className="console-toolbar">
        <div className="console-field">
          <label htmlFor={emailId}>E-mail</label>
          <input
            ref={emailRef}
            id={emailId}
            type="email"
            autoComplete="off"
            maxLength={254}
            required
            value={email}
            aria-invalid={emailError !== undefined}
            aria-describedby={emailError === undefined ? undefined : errorId}
            onChange={(event) => setEmail(event.target.value)}
          />
          {emailError !== undefined && (
            <p id={errorId} className="accounts__field-error">
              {emailError}
            </p>
          )}
        </div>
        <div className="console-field">
          <label htmlFor={roleId}>Role</label>
          <select id={roleId} value={role} onChange={(event) => setRole(event.target.value as InviteRole)}>
            {inviteRoles.map((option) => (
              <option key={option} value={option}>
                {roleLabels[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {role === 'owner' && <HomesPicker legend="Homes this owner sees" selected={homes} onChange={setHomes} />}
      {invite.isError && (
        <p role="alert" className="console-error">
          Not sent: {errorMessage(invite.error)}
        </p>
      )}
      <p role="status" className="console-muted">
        {sent}
      </p>
      <button type="submit" className="button button--primary" aria-disabled={invite.isPending}>
        {invite.isPending ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  );
}
