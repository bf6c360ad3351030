// Turnover tasks (issue 30): an owner's stay plans its departure clean; staff
// assign it on the board with the keyboard; the cleaner works it on a phone,
// is refused a finish without the photos its checklist asks for, adds them and
// finishes. Accounts are made with `npm run users`, as a real cleaner's would be.
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { addAccount, freeNights, panelHomes, password, signIn, type Home } from './console-helpers';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/auth/login', { data: { email, password } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

/** An owner blocks their own stay through the console's API: the home's tasks are planned with it. */
async function ownerStay(request: APIRequestContext, home: Home, owner: string, daysAhead: number) {
  await addAccount(owner, 'owner', [home.propertyId]);
  const stay = await freeNights(request, home, daysAhead, 4);
  const token = await tokenOf(request, owner);
  const blocked = await request.post(`/api/admin/properties/${home.id}/blocks`, {
    headers: { authorization: `Bearer ${token}` },
    data: { checkIn: stay.checkIn, checkOut: stay.checkOut, reason: 'Owner stay' },
  });
  expect(blocked.status()).toBe(201);
  return stay;
}

interface BoardTask {
  id: string;
  kind: string;
  propertyId: string;
  assigneeId?: string;
}

test('staff assign the next departure clean on the board with the keyboard, and print the day sheet', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  const home = (await panelHomes(request))[5]!;
  const staff = 'tasks.board.staff@example.com';
  // No other account starts with a q, so one key picks this one.
  const cleaner = 'quinn.board.cleaner@example.com';
  const [stay] = await Promise.all([
    ownerStay(request, home, 'tasks.board.owner@example.com', 200),
    addAccount(staff, 'staff'),
    addAccount(cleaner, 'cleaner'),
  ]);

  await signIn(page, staff);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await page.getByLabel('From').fill(stay.checkOut);
  const row = page.getByRole('row').filter({ hasText: home.propertyId }).filter({ hasText: 'Departure clean' });
  await expect(row).toContainText('Unassigned');
  await axe();

  const select = row.getByRole('combobox', { name: /^Assignee: Departure clean at / });
  await select.focus();
  // Type-ahead picks the cleaner by name (their e-mail, with no name set), as a keyboard user would.
  await page.keyboard.press('q');
  await expect(row).not.toContainText('Unassigned');
  await expect(select).toBeFocused();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print day sheet' })).toBeHidden();
  await expect(row).toContainText(cleaner);
});

test.describe(() => {
  // The finish without photos is refused with a 422 on purpose.
  test.use({ allowedConsoleErrors: [/status of 422|finish -> 422 Add a photo for/] });

  test('a cleaner works a departure clean on a phone: refused without its photos, then finished @mobile', async ({
    page,
    request,
    axe,
  }) => {
    test.setTimeout(120_000);
    const home = (await panelHomes(request))[6]!;
    const staff = 'tasks.phone.staff@example.com';
    const cleaner = 'xavi.phone.cleaner@example.com';
    const [stay] = await Promise.all([
      ownerStay(request, home, 'tasks.phone.owner@example.com', 220),
      addAccount(staff, 'staff'),
      addAccount(cleaner, 'cleaner'),
    ]);
    // Staff give the clean to the cleaner (the board's journey does it by hand).
    const staffToken = await tokenOf(request, staff);
    const cleanerToken = await tokenOf(request, cleaner);
    const headers = { authorization: `Bearer ${staffToken}` };
    const tasks = (await (
      await request.get(`/api/admin/tasks?from=${stay.checkOut}&to=${stay.checkOut}&propertyId=${home.propertyId}`, {
        headers,
      })
    ).json()) as BoardTask[];
    const clean = tasks.find((task) => task.kind === 'departure_clean')!;
    const me = (await (
      await request.get('/api/check-session', { headers: { authorization: `Bearer ${cleanerToken}` } })
    ).json()) as { id: string };
    expect((await request.patch(`/api/admin/tasks/${clean.id}`, { headers, data: { assigneeId: me.id } })).ok()).toBe(
      true,
    );

    await page.goto('/login');
    await page.getByLabel('Email').fill(cleaner);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Departure clean · / }) });
    await expect(card).toBeVisible();
    await axe();
    await card.getByRole('button', { name: 'Open checklist' }).click();
    await card.getByRole('button', { name: 'Start' }).click();
    await expect(card).toContainText('Started');
    await card.getByRole('button', { name: 'Finish' }).click();
    await expect(card.getByRole('alert')).toContainText(
      'Add a photo for: Clean kitchen and appliances; Clean bathrooms',
    );

    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c8a35a' } })
      .jpeg()
      .toBuffer();
    for (const item of ['Clean kitchen and appliances', 'Clean bathrooms']) {
      await card
        .getByLabel(`Add photo for ${item}`)
        .setInputFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      await expect(card.getByText('Photo added')).toHaveCount(item === 'Clean bathrooms' ? 2 : 1, { timeout: 30_000 });
    }
    await axe();
    await card.getByRole('button', { name: 'Finish' }).click();
    await expect(card).toContainText('Done');
    // No guest's details on a cleaner's page: an owner stay has none, and a booking's never reach it.
    await expect(page.getByText('@example.com')).toHaveCount(0);
  });
});
