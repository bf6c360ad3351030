import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard, AdminMonthStat } from '@sas/domain';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { addMonths } from '../../shared/format';
import { consoleSession } from '../../shared/testing/console-session';

function months(occupancy: number, revenue: number): AdminMonthStat[] {
  return Array.from({ length: 24 }, (_, i) => ({
    month: addMonths('2026-11', i - 12),
    bookedNights: Math.round(occupancy * 0.3),
    availableNights: 30,
    occupancy,
    revenue,
  }));
}

const dashboard: AdminDashboard = {
  today: '2026-11-23',
  months: months(0, 0).map((m) => m.month),
  homes: [
    { id: 'h1', propertyId: 'SAS-1001', name: 'Bear Den Lodge', months: months(40, 1200) },
    { id: 'h2', propertyId: 'SAS-1002', name: 'Lakeview Cottage', months: months(80, 3400.5) },
  ],
  total: months(60, 4600.5),
  arrivals: [
    {
      code: 'SAS-AB12CD',
      propertyId: 'SAS-1001',
      propertyName: 'Bear Den Lodge',
      date: '2026-11-25',
      firstName: 'Dana',
      lastName: 'Reyes',
      guests: 3,
    },
  ],
  departures: [],
};

describe('the console dashboard', () => {
  it('charts occupancy and revenue with data tables, per home, and lists the week’s arrivals', async () => {
    stubFetch({ ...consoleSession('staff'), 'GET /api/admin/dashboard': () => json(dashboard) });
    const view = renderApp('/admin');

    const occupancy = await screen.findByRole('table', { name: 'Occupancy per month, All homes' });
    expect(within(occupancy).getByRole('row', { name: /November 2026 \(this month\)/ })).toHaveTextContent('60.0%');
    const revenue = screen.getByRole('table', { name: 'Revenue per month, All homes' });
    expect(within(revenue).getByRole('row', { name: /October 2026/ })).toHaveTextContent('$4,600.50');

    await view.user.selectOptions(screen.getByLabelText('Home'), 'Lakeview Cottage (SAS-1002)');
    const homeOccupancy = screen.getByRole('table', { name: 'Occupancy per month, Lakeview Cottage' });
    expect(within(homeOccupancy).getByRole('row', { name: /November 2026/ })).toHaveTextContent('80.0%');

    const [showTable] = screen.getAllByRole('button', { name: 'Show table' });
    expect(showTable).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(showTable!);
    expect(screen.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');

    const arrivals = screen.getByRole('region', { name: 'Arrivals' });
    expect(within(arrivals).getByRole('link', { name: 'SAS-AB12CD' })).toHaveAttribute(
      'href',
      '/admin/reservations/SAS-AB12CD',
    );
    expect(arrivals).toHaveTextContent('Dana Reyes, 3 guests');
    expect(screen.getByRole('region', { name: 'Departures' })).toHaveTextContent('No departures in the next 7 days.');
  });

  it('shows the server’s message and tries again when the dashboard fails', async () => {
    let calls = 0;
    stubFetch({
      ...consoleSession('owner'),
      'GET /api/admin/dashboard': () => {
        calls += 1;
        return calls === 1 ? json({ message: 'The database is busy' }, { status: 503 }) : json(dashboard);
      },
    });
    const view = renderApp('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy');
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Occupancy per month, All homes' })).toBeInTheDocument();
  });
});
