import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AdminReservationListItem } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { consoleSession } from '../../shared/testing/console-session';

function row(overrides: Partial<AdminReservationListItem> = {}): AdminReservationListItem {
  return {
    code: 'SAS-AB12CD',
    propertyId: 'SAS-1001',
    propertyName: 'Bear Den Lodge',
    checkIn: '2031-02-03',
    checkOut: '2031-02-07',
    nights: 4,
    status: 'confirmed',
    totalAmount: 2450.75,
    firstName: 'Dana',
    lastName: 'Reyes',
    email: 'dana@example.com',
    bookedAt: '2030-12-01T10:00:00Z',
    ...overrides,
  };
}

const homes = [{ id: 'uuid-1', propertyId: 'SAS-1001', name: 'Bear Den Lodge' }];

describe('the reservations list', () => {
  it('shows a long list fifty rows at a time, and a new filter starts again at the first fifty', async () => {
    const many = Array.from({ length: 120 }, (_, i) => row({ code: `SAS-${String(i).padStart(6, '0')}` }));
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/properties': () => json(homes),
      'GET /api/admin/reservations': () => json(many),
    });
    const view = renderApp('/admin/reservations');

    const table = await screen.findByRole('table', { name: 'Reservations' });
    // The header row and fifty.
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Showing 50 of 120 reservations')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    await view.user.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(121);
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).not.toBeInTheDocument();

    await view.user.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Reservations' })).getAllByRole('row')).toHaveLength(51),
    );
  });

  it('keeps its filters and search in the URL and asks the server with them', async () => {
    const fetchMock = stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/properties': () => json(homes),
      'GET /api/admin/reservations': () => json([row()]),
    });
    const view = renderApp('/admin/reservations?status=confirmed');

    const table = await screen.findByRole('table', { name: 'Reservations' });
    const first = within(table).getByRole('row', { name: /SAS-AB12CD/ });
    expect(first).toHaveTextContent('Dana Reyes');
    expect(first).toHaveTextContent('dana@example.com');
    expect(first).toHaveTextContent('$2,450.75');
    expect(within(first).getByRole('link', { name: 'SAS-AB12CD' })).toHaveAttribute(
      'href',
      '/admin/reservations/SAS-AB12CD',
    );
    expect(screen.getByLabelText('Status')).toHaveValue('confirmed');

    await view.user.selectOptions(await screen.findByLabelText('Home'), 'Bear Den Lodge (SAS-1001)');
    await view.user.type(screen.getByLabelText('Code, name or e-mail'), 'reyes{Enter}');

    await waitFor(() => {
      const params = new URLSearchParams(view.history.location.search);
      expect(Object.fromEntries(params)).toEqual({ status: 'confirmed', home: 'SAS-1001', q: 'reyes' });
    });
    await waitFor(() => {
      const last = requestedUrls(fetchMock)
        .filter((url) => url.pathname === '/api/admin/reservations')
        .at(-1)!;
      expect(Object.fromEntries(last.searchParams)).toEqual({
        status: 'confirmed',
        propertyId: 'SAS-1001',
        q: 'reyes',
      });
    });
  });

  it('shows an owner no e-mail column and searches by code or name', async () => {
    stubFetch({
      ...consoleSession('owner'),
      'GET /api/admin/properties': () => json(homes),
      'GET /api/admin/reservations': () => json([row({ lastName: 'R.', email: null })]),
    });
    renderApp('/admin/reservations');
    const table = await screen.findByRole('table', { name: 'Reservations' });
    expect(within(table).queryByRole('columnheader', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /SAS-AB12CD/ })).toHaveTextContent('Dana R.');
    expect(screen.getByLabelText('Code or name')).toBeInTheDocument();
  });

  it('downloads the CSV with the bearer token and the list’s filters', async () => {
    // jsdom has no object URLs; these stand in for this test only.
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:reservations');
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetchMock = stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/properties': () => json(homes),
      'GET /api/admin/reservations': () => json([row()]),
      'GET /api/admin/reservations.csv': () =>
        new Response('code,checkIn\nSAS-AB12CD,2031-02-03\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="reservations-2031.csv"',
          },
        }),
    });
    const view = renderApp('/admin/reservations?status=cancelled&q=dana');
    await screen.findByRole('table', { name: 'Reservations' });

    await view.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const csvCall = fetchMock.mock.calls.find(([input]) => (input as string).includes('reservations.csv'))!;
    expect(csvCall[0]).toBe('/api/admin/reservations.csv?status=cancelled&q=dana');
    expect(new Headers(csvCall[1]?.headers).get('Authorization')).toBe('Bearer access-1');
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('reservations-2031.csv');
    expect(link.href).toBe('blob:reservations');
    expect(await createObjectURL.mock.calls[0]![0].text()).toContain('SAS-AB12CD,2031-02-03');
  });
});
