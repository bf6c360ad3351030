import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { createAdminProperty, stubConsole } from '../testing/console-data';

describe('the console homes list', () => {
  it('lists every home, marks the unpublished ones and links each to its edit page', async () => {
    stubConsole({
      'GET /api/admin/properties': () =>
        json([
          createAdminProperty({ name: 'Bear Den Lodge', propertyId: 'SAS-1006' }),
          createAdminProperty({ name: 'Lakeside Cabin', propertyId: 'SAS-2001', published: false }),
        ]),
    });
    const view = renderApp('/admin/homes');

    const table = await screen.findByRole('table', { name: 'Homes, published or not' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Published')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Not published')).toBeInTheDocument();

    await view.user.click(within(rows[1]!).getByRole('link', { name: 'Lakeside Cabin' }));
    await waitFor(() => expect(view.history.location.pathname).toBe('/admin/homes/SAS-2001'));
  });

  it('finds a home by its propertyId or part of its name, ignoring case', async () => {
    stubConsole({
      'GET /api/admin/properties': () =>
        json([
          createAdminProperty({ name: 'Bear Den Lodge', propertyId: 'SAS-1006' }),
          createAdminProperty({ name: 'Lakeside Cabin', propertyId: 'SAS-2001' }),
        ]),
    });
    const view = renderApp('/admin/homes');
    const search = await screen.findByLabelText('Search by name or property ID');

    await view.user.type(search, 'sas-2001');
    expect(screen.getByRole('link', { name: 'Lakeside Cabin' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bear Den Lodge' })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 2 homes')).toBeInTheDocument();

    await view.user.clear(search);
    await view.user.type(search, 'den');
    expect(screen.getByRole('link', { name: 'Bear Den Lodge' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Lakeside Cabin' })).not.toBeInTheDocument();
  });

  it('says why the homes could not be loaded', async () => {
    stubConsole({ 'GET /api/admin/properties': () => json({ message: 'Database unavailable' }, { status: 503 }) });
    renderApp('/admin/homes');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the homes. Database unavailable');
  });
});
