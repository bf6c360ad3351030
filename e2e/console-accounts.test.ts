// Console accounts (issue 14): an admin invites an owner from the console; the
// owner sets a password from the e-mailed link and sees only their home.
import { expect, test } from './fixtures';
import { outboxMessages } from './outbox';
import { outboxDir } from './server-config';
import { addAccount, panelHomes, password, signIn } from './console-helpers';

test('an admin invites an owner, who sets a password from the e-mail and sees only their home', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(120_000);
  const admin = 'inviting.admin@example.com';
  await addAccount(admin, 'admin');
  const homes = await panelHomes(request);
  const own = homes[10]!;
  const owner = `invited.owner.${test.info().project.name}@example.com`;

  await signIn(page, admin);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await page.getByLabel('E-mail').fill(owner);
  await page.getByLabel('Role').selectOption('owner');
  await page
    .getByRole('group', { name: 'Homes this owner sees' })
    .getByLabel(`${own.name} (${own.propertyId})`)
    .check();
  await axe();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${owner}.`)).toBeVisible();

  let link = '';
  await expect
    .poll(
      async () => {
        const message = (await outboxMessages()).find(
          (text) => text.includes(owner) && text.includes('/accept-invite?token='),
        );
        link = /https?:\/\/[^\s"<>]+\/accept-invite\?token=[\w-]+/.exec(message ?? '')?.[0] ?? '';
        return link;
      },
      { message: `the invitation to ${owner} in ${outboxDir}`, timeout: 20_000 },
    )
    .not.toBe('');

  // The owner, in a fresh browser session.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('Create password').fill(password);
  await page.getByLabel('Re-enter password').fill(password);
  await axe();
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Calendar',
    'Reservations',
    'Statements',
    'Reports',
    'Tasks',
  ]);
  await nav.getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByLabel('Home').locator('option')).toHaveText([`${own.name} (${own.propertyId})`]);

  // The link works once.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const again = await request.post('/api/auth/accept-invite', {
    data: { token: new URL(link).searchParams.get('token'), password: 'another-password-123' },
  });
  expect(again.status()).toBe(400);
});
