import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastAdminMessage, type AdminUser } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { consoleSession } from '../../shared/testing/console-session';

const bearDen = { id: '0b6a3c1e-1111-4c1e-9a3f-2d5b8e6c1a01', propertyId: 'SAS-1001', name: 'Bear Den Lodge' };
const lakeHouse = { id: '0b6a3c1e-2222-4c1e-9a3f-2d5b8e6c1a02', propertyId: 'SAS-1002', name: 'Lake House' };

function account(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: '5d0c1f6a-0000-4c1e-9a3f-2d5b8e6c1a00',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Admin',
    role: 'admin',
    homes: [],
    hasPassword: true,
    totpEnabled: true,
    invitePendingUntil: null,
    createdAt: '2031-01-04T15:30:00.000Z',
    ...overrides,
  };
}

const ana = account({});
const olive = account({
  id: '5d0c1f6a-0001-4c1e-9a3f-2d5b8e6c1a00',
  email: 'olive@example.com',
  firstName: '',
  lastName: '',
  role: 'owner',
  homes: [bearDen],
  hasPassword: false,
  totpEnabled: false,
  invitePendingUntil: '2031-01-11T15:30:00.000Z',
});
const gus = account({
  id: '5d0c1f6a-0002-4c1e-9a3f-2d5b8e6c1a00',
  email: 'gus@example.com',
  firstName: 'Gus',
  lastName: 'Guest',
  role: 'guest',
  totpEnabled: false,
});

function bodyOf(fetchMock: ReturnType<typeof stubFetch>, method: string): unknown {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return JSON.parse(call?.[1]?.body as string);
}

describe('the accounts screen', () => {
  it('lists the console accounts, and the guests too on demand', async () => {
    const fetchMock = stubFetch({
      ...consoleSession('admin'),
      'GET /api/admin/users': ({ url }) =>
        json(url.searchParams.get('all') === 'true' ? [ana, olive, gus] : [ana, olive]),
    });
    const { user, history } = renderApp('/admin/accounts');

    const table = await screen.findByRole('table', { name: 'Accounts' });
    const owner = within(table).getByRole('row', { name: /olive@example\.com/ });
    expect(owner).toHaveTextContent('Owner');
    expect(owner).toHaveTextContent('Bear Den Lodge (SAS-1001)');
    expect(owner).toHaveTextContent(/Invited; the link works until Jan 11, 2031/);
    expect(within(table).getByRole('row', { name: /Ana Admin/ })).toHaveTextContent('two-step sign-in on');
    expect(within(table).queryByRole('row', { name: /Gus Guest/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Accounts' })).toHaveAttribute('tabindex', '0');

    await user.click(screen.getByLabelText('Include guest accounts'));
    expect(await screen.findByRole('row', { name: /Gus Guest/ })).toHaveTextContent('Guest');
    expect(history.location.search).toBe('?all=true');
    expect(requestedUrls(fetchMock).at(-1)?.searchParams.get('all')).toBe('true');
  });

  it('invites an owner with the homes ticked, and shows why the server refused one', async () => {
    let refuse = false;
    const fetchMock = stubFetch({
      ...consoleSession('admin'),
      'GET /api/admin/users': () => json([ana]),
      'GET /api/admin/properties': () => json([lakeHouse, bearDen]),
      'POST /api/admin/users/invite': () =>
        refuse
          ? json({ message: 'This e-mail belongs to an admin account.' }, { status: 409 })
          : json({ ...olive, email: 'new.owner@example.com' }, { status: 201 }),
    });
    const { user } = renderApp('/admin/accounts');

    const form = (await screen.findByRole('heading', { name: 'Invite a staff member or owner' })).closest('section')!;
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByLabelText('E-mail')).toHaveFocus();
    expect(within(form).getByLabelText('E-mail')).toHaveAccessibleDescription('email is required');

    await user.type(within(form).getByLabelText('E-mail'), 'new.owner@example.com');
    await user.selectOptions(within(form).getByLabelText('Role'), 'owner');
    const homes = await within(form).findByRole('group', { name: 'Homes this owner sees' });
    await user.click(await within(homes).findByLabelText('Bear Den Lodge (SAS-1001)'));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await within(form).findByText(/Invitation sent to new\.owner@example\.com/)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST')).toEqual({ email: 'new.owner@example.com', role: 'owner', homes: [bearDen.id] });
    expect(within(form).getByLabelText('E-mail')).toHaveValue('');

    refuse = true;
    await user.type(within(form).getByLabelText('E-mail'), 'ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Not sent: This e-mail belongs to an admin account.',
    );
  });

  it("changes an owner's homes, and shows the last admin's refusal", async () => {
    let stored = olive;
    const fetchMock = stubFetch({
      ...consoleSession('admin'),
      'GET /api/admin/users': () => json([ana, stored]),
      'GET /api/admin/properties': () => json([bearDen, lakeHouse]),
      [`PATCH /api/admin/users/${olive.id}`]: () => {
        stored = { ...olive, homes: [bearDen, lakeHouse] };
        return json(stored);
      },
      [`PATCH /api/admin/users/${ana.id}`]: () => json({ message: lastAdminMessage }, { status: 409 }),
    });
    const { user } = renderApp('/admin/accounts');

    await user.click(await screen.findByRole('button', { name: 'Change role and homes of olive@example.com' }));
    const editor = screen.getByRole('form', { name: 'Role and homes of olive@example.com' });
    const save = within(editor).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(await within(editor).findByLabelText('Lake House (SAS-1002)'));
    await user.click(save);
    expect(await within(editor).findByText('Saved.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH')).toEqual({ homes: [bearDen.id, lakeHouse.id] });
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /^olive@example\.com/ })).toHaveTextContent(
        'Bear Den Lodge (SAS-1001), Lake House (SAS-1002)',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Change role and homes of Ana Admin' }));
    const adminEditor = screen.getByRole('form', { name: 'Role and homes of Ana Admin' });
    await user.selectOptions(within(adminEditor).getByLabelText('Role'), 'staff');
    await user.click(within(adminEditor).getByRole('button', { name: 'Save' }));
    expect(await within(adminEditor).findByRole('alert')).toHaveTextContent(`Not saved: ${lastAdminMessage}`);
  });

  it('is for admins only', async () => {
    stubFetch({ ...consoleSession('staff') });
    renderApp('/admin/accounts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to accounts' }),
    ).toBeInTheDocument();
  });
});
