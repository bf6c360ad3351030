import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OwnerStatement } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { requestBody } from '@/features/booking/testing/booking-data';
import { consoleSession } from '../../shared/testing/console-session';

const ownerId = '00000000-0000-4000-9000-00000000a11e';

function statement(overrides: Partial<OwnerStatement> = {}): OwnerStatement {
  const totals = { grossRent: 1000, discounts: 50, commission: 190, cleaning: 150, expenses: 0, netPayout: 610 };
  return {
    owner: { id: ownerId, name: 'Olive Owner' },
    month: '2031-03',
    commissionRate: 20,
    ...totals,
    lines: [
      {
        booking: 'SAS-000123',
        home: 'Bear Den Lodge',
        checkIn: '2031-03-04',
        checkOut: '2031-03-08',
        grossRent: 1000,
        discounts: 50,
        commission: 190,
        cleaning: 150,
        netPayout: 610,
      },
    ],
    yearToDate: totals,
    payouts: [{ id: 'payout:x', date: '2031-03-20', amount: 610, memo: 'Owner payout: March ACH' }],
    expenseLines: [],
    paidOut: 610,
    ...overrides,
  };
}

describe('the console reports page', () => {
  it("shows staff the month's tax return on the company's basis, changes the basis, and lists reconciliation differences", async () => {
    let basis = 'stay';
    const fetchMock = stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/owners': () =>
        json([
          {
            owner: { id: ownerId, name: 'Olive Owner', email: 'o@example.com' },
            commissionRate: 20,
            payoutDetails: '',
          },
        ]),
      'GET /api/admin/settings/tax-basis': () => json({ basis }),
      'PUT /api/admin/settings/tax-basis': () => {
        basis = 'payment';
        return json({ basis });
      },
      'GET /api/admin/reports/taxes': () =>
        json([
          {
            jurisdiction: 'Town of Breckenridge',
            name: 'Accommodation tax',
            grossRent: 1000,
            exemptRent: 0,
            taxableRent: 1000,
            taxCollected: 34,
            adjustments: -4,
            netDue: 30,
          },
        ]),
      'GET /api/admin/reports/reconciliation': () =>
        json({
          days: [
            {
              date: '2031-03-04',
              processorCharges: 100,
              ledgerCharges: 90,
              processorRefunds: 0,
              ledgerRefunds: 0,
              difference: 10,
            },
          ],
          differences: [{ date: '2031-03-04', reference: 'pi_123', kind: 'charge', processor: 100, ledger: 90 }],
        }),
    });
    const view = renderApp('/admin/reports?month=2031-03');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Town of Breckenridge/ });
    expect(row).toHaveTextContent('$30.00');
    expect(await screen.findByText('1 difference between the processor and the ledger.')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /pi_123/ })).toHaveTextContent('$90.00');

    await view.user.selectOptions(screen.getByLabelText('Count a stay in the'), 'payment');
    await waitFor(() => {
      const urls = requestedUrls(fetchMock);
      const index = urls.findIndex(
        (url, i) => url.pathname === '/api/admin/settings/tax-basis' && fetchMock.mock.calls[i]?.[1]?.method === 'PUT',
      );
      expect(index).toBeGreaterThanOrEqual(0);
      expect(requestBody(fetchMock.mock.calls[index]?.[1])).toEqual({ basis: 'payment' });
    });
    await waitFor(() =>
      expect(
        requestedUrls(fetchMock).some(
          (url) => url.pathname === '/api/admin/reports/taxes' && url.searchParams.get('basis') === 'payment',
        ),
      ).toBe(true),
    );
  });

  it('shows an owner only their own statement, with its payouts, and never the company reports', async () => {
    const fetchMock = stubFetch({
      ...consoleSession('owner', { id: ownerId }),
      [`GET /api/admin/owners/${ownerId}/statements/2031-03`]: () => json(statement()),
    });
    renderApp('/admin/reports?month=2031-03&owner=someone-else');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your statements' })).toBeInTheDocument();
    const stays = await screen.findByRole('table', { name: /Stays of Olive Owner/ });
    expect(within(stays).getByRole('row', { name: /SAS-000123/ })).toHaveTextContent('$610.00');
    expect(screen.getByText(/Owner payout: March ACH/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Record a payout' })).not.toBeInTheDocument();
    const paths = requestedUrls(fetchMock).map((url) => url.pathname);
    expect(paths.some((path) => path.startsWith('/api/admin/reports') || path === '/api/admin/owners')).toBe(false);
  });
});
