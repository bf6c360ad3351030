import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminProperty, AdminPropertyPatch } from '@sas/domain';
import { json } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { bodyOf, createAdminProperty, stubConsole } from '../testing/console-data';

/** The home as the server would answer a PATCH: new places get an id, coordinates stay whole. */
function applied(home: AdminProperty, patch: AdminPropertyPatch): AdminProperty {
  const { nearbyPlaces, ...rest } = patch;
  return {
    ...home,
    ...(rest as Partial<AdminProperty>),
    nearbyPlaces:
      nearbyPlaces?.map((place, index) => ({
        id: place.id ?? `00000000-0000-4000-b000-${String(index).padStart(12, '0')}`,
        name: place.name,
        description: place.description,
        distance: place.distance,
        photoKey: place.photoKey ?? null,
        photoUrl: null,
      })) ?? home.nearbyPlaces,
  };
}

function setUp(home: AdminProperty, patch: (body: AdminPropertyPatch) => Response) {
  const fetchMock = stubConsole({
    [`GET /api/admin/properties/${home.propertyId}`]: () => json(home),
    [`GET /api/admin/properties/${home.id}/rates`]: () =>
      json({ message: 'This home has no rates yet' }, { status: 404 }),
    [`PATCH /api/admin/properties/${home.id}`]: ({ init }) =>
      patch(JSON.parse(init?.body as string) as AdminPropertyPatch),
  });
  const view = renderApp(`/admin/homes/${home.propertyId}`);
  return { ...view, fetchMock };
}

describe('editing a home in the console', () => {
  it('sends only the changed fields and links to the public page', async () => {
    const home = createAdminProperty({ summary: 'A quiet lodge.', slug: 'bear-den-lodge' });
    const { user, fetchMock } = setUp(home, (patch) => json(applied(home, patch)));

    const summary = await screen.findByLabelText('Summary');
    await user.clear(summary);
    await user.type(summary, 'Ski-in, ski-out lodge with a hot tub.');
    await user.clear(screen.getByLabelText('Bedrooms'));
    await user.type(screen.getByLabelText('Bedrooms'), '5');
    await user.click(screen.getByRole('checkbox', { name: /resort/i }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText(/Saved\. The public page shows the change now\./)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH', `/api/admin/properties/${home.id}`)).toEqual({
      summary: 'Ski-in, ski-out lodge with a hot tub.',
      bedrooms: 5,
      collections: [...home.collections, 'resort'],
    });
    expect(screen.getByRole('link', { name: 'View on site' })).toHaveAttribute('href', '/property/bear-den-lodge');
  });

  it('adds an amenity to a category and a nearby place', async () => {
    const home = createAdminProperty();
    const { user, fetchMock } = setUp(home, (patch) => json(applied(home, patch)));

    await user.click(await screen.findByRole('button', { name: 'Add an amenity to Kitchen' }));
    // The new row takes the focus, so typing goes straight into it.
    await user.keyboard('Dishwasher');
    await user.click(screen.getByRole('button', { name: 'Add a nearby place' }));
    await user.keyboard('Gondola');
    await user.type(screen.getByLabelText('Place 1 distance'), '0.3 mi');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    await screen.findByText(/Saved\./);
    expect(bodyOf(fetchMock, 'PATCH', `/api/admin/properties/${home.id}`)).toEqual({
      amenities: [
        { item: 'Hot tub', category: 'Outdoor' },
        { item: 'Espresso machine', category: 'Kitchen' },
        { item: 'Dishwasher', category: 'Kitchen' },
      ],
      nearbyPlaces: [{ name: 'Gondola', description: '', distance: '0.3 mi', photoKey: null }],
    });
  });

  it("shows the server's refusal of a booking frame host beside the field", async () => {
    const home = createAdminProperty();
    const { user } = setUp(home, () =>
      json({ message: 'bookingWidgetUrl must be an https URL on an allowed host' }, { status: 400 }),
    );

    const frame = await screen.findByLabelText('Booking frame URL');
    await user.type(frame, 'https://evil.example/frame');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(
      await screen.findByText('Not saved: bookingWidgetUrl must be an https URL on an allowed host'),
    ).toHaveAttribute('role', 'alert');
    expect(frame).toHaveAttribute('aria-invalid', 'true');
    expect(frame).toHaveAccessibleDescription(/bookingWidgetUrl must be an https URL on an allowed host/);
  });

  it('refuses a number field that is not a number and sends nothing', async () => {
    const home = createAdminProperty();
    const { user, fetchMock } = setUp(home, () => json(home));

    const bathrooms = await screen.findByLabelText('Bathrooms');
    await user.clear(bathrooms);
    await user.type(bathrooms, 'two');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(bathrooms).toHaveFocus();
    expect(bathrooms).toHaveAccessibleDescription(/Enter a number\./);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('sets the security deposit in dollars and the age rule', async () => {
    const home = createAdminProperty({ depositAmount: 0, ageRestricted: false });
    const { user, fetchMock } = setUp(home, (patch) => json(applied(home, patch)));

    const deposit = await screen.findByLabelText('Security deposit (dollars)');
    expect(deposit).toHaveValue('0');
    expect(deposit).toHaveAccessibleDescription(/0 means none/);
    await user.clear(deposit);
    await user.type(deposit, '250.50');
    const ageRule = screen.getByRole('checkbox', { name: 'Age restricted (primary renter over 25)' });
    expect(ageRule).toHaveAccessibleDescription(/over 25 to book/);
    await user.click(ageRule);
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText(/Saved\./)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH', `/api/admin/properties/${home.id}`)).toEqual({
      depositAmount: 250.5,
      ageRestricted: true,
    });
    expect(deposit).toHaveValue('250.50');
    expect(ageRule).toBeChecked();
  });

  it('sets the door code for staff, and has no door code field where the server left it out', async () => {
    const home = createAdminProperty({ doorCode: null });
    const { user, fetchMock, unmount } = setUp(home, (patch) => json(applied(home, patch)));

    const code = await screen.findByLabelText('Door code');
    expect(code).toHaveAccessibleDescription(/never shown on the site/);
    await user.type(code, ' 4821# ');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(/Saved\./)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH', `/api/admin/properties/${home.id}`)).toEqual({ doorCode: '4821#' });
    unmount();

    const { doorCode: _hidden, ...withoutCode } = createAdminProperty();
    setUp(withoutCode, (patch) => json(applied(withoutCode, patch)));
    expect(await screen.findByLabelText('Arrival instructions')).toBeInTheDocument();
    expect(screen.queryByLabelText('Door code')).not.toBeInTheDocument();
  });

  it('refuses a deposit over $1,000 or in fractions of a cent and sends nothing', async () => {
    const home = createAdminProperty({ depositAmount: 500 });
    const { user, fetchMock } = setUp(home, () => json(home));

    const deposit = await screen.findByLabelText('Security deposit (dollars)');
    expect(deposit).toHaveValue('500');
    for (const typed of ['1000.01', '12.345', '-5', 'five hundred']) {
      await user.clear(deposit);
      await user.type(deposit, typed);
      await user.click(screen.getByRole('button', { name: 'Save details' }));
      expect(deposit, typed).toHaveFocus();
      expect(deposit, typed).toHaveAttribute('aria-invalid', 'true');
      expect(deposit, typed).toHaveAccessibleDescription(/Enter an amount from 0 to 1000 dollars/);
    }
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it("shows the server's refusal of a deposit beside the field", async () => {
    const home = createAdminProperty();
    const { user } = setUp(home, () =>
      json({ message: 'depositAmount must be a number between 0 and 1000' }, { status: 400 }),
    );
    const deposit = await screen.findByLabelText('Security deposit (dollars)');
    await user.clear(deposit);
    await user.type(deposit, '300');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Not saved: depositAmount must be a number between 0 and 1000')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(deposit).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before unpublishing, then shows the home as not published', async () => {
    const home = createAdminProperty({ name: 'Bear Den Lodge' });
    const { user, fetchMock } = setUp(home, (patch) => json(applied(home, patch)));

    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish Bear Den Lodge?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));

    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(screen.getAllByText('Not published').length).toBeGreaterThan(0);
    expect(bodyOf(fetchMock, 'PATCH', `/api/admin/properties/${home.id}`)).toEqual({ published: false });
  });

  it('sends nothing when unpublishing is cancelled', async () => {
    const home = createAdminProperty({ name: 'Bear Den Lodge' });
    const { user, fetchMock } = setUp(home, (patch) => json(applied(home, patch)));

    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish Bear Den Lodge?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('says when no home has the identifier in the address', async () => {
    stubConsole({ 'GET /api/admin/properties/SAS-9999': () => json({ message: 'Home not found' }, { status: 404 }) });
    renderApp('/admin/homes/SAS-9999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All homes' })).toHaveAttribute('href', '/admin/homes');
  });
});
