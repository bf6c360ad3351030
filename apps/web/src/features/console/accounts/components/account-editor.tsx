import { useId, useState, type FormEvent } from 'react';
import { userRoles, type AdminUser, type UpdateUserRequest, type UserRole } from '@sas/domain';
import { errorMessage } from '../../shared/format';
import { useUpdateUser } from '../api/update-user';
import { roleLabels } from '../role-labels';
import { HomesPicker } from './homes-picker';

function sameHomes(chosen: readonly string[], current: readonly string[]): boolean {
  return chosen.length === current.length && chosen.every((id) => current.includes(id));
}

/** One account's role and, for an owner, homes; only what changed is sent. */
export function AccountEditor({ user, who }: { user: AdminUser; who: string }) {
  const update = useUpdateUser();
  const currentHomes = user.homes.map((home) => home.id);
  const [role, setRole] = useState<UserRole>(user.role);
  const [homes, setHomes] = useState<string[]>(currentHomes);
  const [saved, setSaved] = useState(false);
  const roleId = useId();

  const change: UpdateUserRequest = {};
  if (role !== user.role) change.role = role;
  // Homes belong to owners only: another role loses them on the server.
  if (role === 'owner' && !sameHomes(homes, currentHomes)) change.homes = homes;
  const changed = change.role !== undefined || change.homes !== undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!changed || update.isPending) return;
    setSaved(false);
    update.mutate({ id: user.id, change }, { onSuccess: () => setSaved(true) });
  }

  return (
    <form className="accounts__editor" onSubmit={submit} aria-label={`Role and homes of ${who}`}>
      <div className="console-field">
        <label htmlFor={roleId}>Role</label>
        <select
          id={roleId}
          value={role}
          onChange={(event) => {
            setRole(event.target.value as UserRole);
            setSaved(false);
          }}
        >
          {userRoles.map((option) => (
            <option key={option} value={option}>
              {roleLabels[option]}
            </option>
          ))}
        </select>
      </div>
      {role === 'owner' && (
        <HomesPicker
          legend={`Homes ${who} sees`}
          selected={homes}
          onChange={(next) => {
            setHomes(next);
            setSaved(false);
          }}
        />
      )}
      {update.isError && (
        <p role="alert" className="console-error">
          Not saved: {errorMessage(update.error)}
        </p>
      )}
      <p role="status" className="console-muted">
        {saved ? 'Saved.' : ''}
      </p>
      <button type="submit" className="button button--primary button--small" disabled={!changed || update.isPending}>
        {update.isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
