import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminStatement } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { consoleSession } from '../../shared/testing/console-session';

const statement: AdminStatement = {
  month: '2026-10',
  homes: [
    {
      id: 'uuid-1',
      propertyId: 'SAS-1001',
      name: 'Bear Den Lodge',
      bookings: [
        {
          code: 'SAS-AB12CD',
          checkIn: '2026-10-29',
          checkOut: '2026-11-02',
          nights: 4,
          nightsInMonth: 3,
          firstName: 'Dana',
          lastName: 'R.',
          totalAmount: 2000,
          discount: 0,
          grossInMonth: 1500,
        },
      ],
      cleanings: [{ date: '2026-10-12', kindName: 'Departure clean', booking: 'SAS-ZZ99YY', charged: 150 }],
      nights: 3,
      gross: 1500,
    },
  ],
  totals: { bookings: 1, nights: 3, gross: 1500 },
};

describe('owner statements', () => {
  it('shows a month’s bookings and gross per home, the month and home kept in the URL', async () => {
    const fetchMock = stubFetch({
      ...consoleSession('owner'),
      'GET /api/admin/properties': () => json([{ id: 'uuid-1', propertyId: 'SAS-1001', name: 'Bear Den Lodge' }]),
      'GET /api/admin/statements': () => json(statement),
    });
    const view = renderApp('/admin/statements?month=2026-10');

    const table = await screen.findByRole('table', { name: 'Bookings of Bear Den Lodge in October 2026' });
    const line = within(table).getByRole('row', { name: /SAS-AB12CD/ });
    expect(line).toHaveTextContent('Dana R.');
    expect(line).toHaveTextContent('3 of 4');
    expect(line).toHaveTextContent('$1,500.00');
    const cleanings = screen.getByRole('table', { name: 'Cleanings at Bear Den Lodge in October 2026' });
    expect(within(cleanings).getByRole('row', { name: /SAS-ZZ99YY/ })).toHaveTextContent('$150.00');
    expect(screen.getByText(/October 2026: 1 booking, 3 nights, \$1,500\.00 gross/)).toBeInTheDocument();

    await view.user.selectOptions(screen.getByLabelText('Home'), 'Bear Den Lodge (SAS-1001)');
    await waitFor(() => {
      const last = requestedUrls(fetchMock)
        .filter((url) => url.pathname === '/api/admin/statements')
        .at(-1)!;
      expect(Object.fromEntries(last.searchParams)).toEqual({ month: '2026-10', propertyId: 'SAS-1001' });
    });
    expect(new URLSearchParams(view.history.location.search).get('home')).toBe('SAS-1001');
  });
});
