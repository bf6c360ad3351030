import { Fragment, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate, totpRoles, type AdminUser } from '@sas/domain';
import { QueryState } from '../../shared/components/query-state';
import { TableRegion } from '../../shared/components/table-region';
import { formatTimestamp } from '../../shared/format';
import { useUsers } from '../api/list-users';
import { roleLabels } from '../role-labels';
import { AccountEditor } from './account-editor';
import { InviteForm } from './invite-form';
import './accounts.css';

function nameOf(user: AdminUser): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name === '' ? user.email : name;
}

/** How the account signs in: its password (or the invitation still open) and two-step sign-in. */
function signInOf(user: AdminUser): string {
  const parts: string[] = [];
  if (user.hasPassword) parts.push('Password set');
  else if (user.invitePendingUntil !== null)
    parts.push(`Invited; the link works until ${formatTimestamp(user.invitePendingUntil)}`);
  else parts.push('No password');
  if ((totpRoles as readonly string[]).includes(user.role) || user.totpEnabled) {
    parts.push(user.totpEnabled ? 'two-step sign-in on' : 'two-step sign-in off');
  }
  return parts.join(', ');
}

function AccountsTable({ users }: { users: AdminUser[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const idPrefix = useId();
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  if (users.length === 0) return <p className="console-muted">No accounts here.</p>;
  return (
    <TableRegion label="Accounts">
      <table className="console-table">
        <caption className="visually-hidden">Accounts</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Homes</th>
            <th scope="col">Sign-in</th>
            <th scope="col">Added</th>
            <th scope="col">
              <span className="visually-hidden">Change</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const who = nameOf(user);
            const expanded = open.has(user.id);
            const editorId = `${idPrefix}-${user.id}`;
            return (
              <Fragment key={user.id}>
                <tr>
                  <th scope="row">
                    {who}
                    <span className="accounts__email">{user.email}</span>
                  </th>
                  <td>{roleLabels[user.role]}</td>
                  <td>
                    {user.homes.length === 0
                      ? '—'
                      : user.homes.map((home) => `${home.name} (${home.propertyId})`).join(', ')}
                  </td>
                  <td>{signInOf(user)}</td>
                  <td>{formatDate(user.createdAt.slice(0, 10))}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-expanded={expanded}
                      aria-controls={expanded ? editorId : undefined}
                      onClick={() => toggle(user.id)}
                    >
                      {expanded ? 'Close' : 'Change'} <span className="visually-hidden">role and homes of {who}</span>
                    </button>
                  </td>
                </tr>
                {expanded && (
                  <tr id={editorId}>
                    <td colSpan={6}>
                      <AccountEditor user={user} who={who} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** /admin/accounts (admins only): every console account, invitations, and each account's role and homes. */
export function AccountsPage() {
  const [params, setParams] = useSearchParams();
  const all = params.get('all') === 'true';
  const users = useUsers(all);
  const guestsId = useId();

  return (
    <>
      <h1>Accounts</h1>
      <section className="console-panel" aria-labelledby="accounts-invite-title">
        <h2 id="accounts-invite-title">Invite a staff member or owner</h2>
        <p className="console-muted">
          They get an e-mail with a link to set their password. Admins are made with the users command.
        </p>
        <InviteForm />
      </section>
      <section aria-labelledby="accounts-list-title">
        <h2 id="accounts-list-title">Who has an account</h2>
        <div className="console-toolbar">
          <div className="accounts__check">
            <input
              id={guestsId}
              type="checkbox"
              checked={all}
              onChange={(event) => setParams(event.target.checked ? { all: 'true' } : {}, { replace: true })}
            />
            <label htmlFor={guestsId}>Include guest accounts</label>
          </div>
        </div>
        <QueryState query={users} loading="Loading accounts…">
          {(data) => <AccountsTable users={data} />}
        </QueryState>
      </section>
    </>
  );
}
