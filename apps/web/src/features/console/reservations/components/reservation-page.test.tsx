import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCancelResult, AdminReservationDetail } from '@sas/domain';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { consoleSession } from '../../shell/testing/console-session';

function detail(overrides: Partial<AdminReservationDetail> = {}): AdminReservationDetail {
  return {
    id: 'booking-1',
    code: 'SAS-AB12CD',
    status: 'confirmed',
    bookedAt: '2030-12-01T10:00:00Z',
    cancelledAt: null,
    property: { id: 'uuid-1', propertyId: 'SAS-1001', name: 'Bear Den Lodge', timeZone: 'America/Denver' },
    checkIn: '2031-02-03',
    checkOut: '2031-02-07',
    nights: 4,
    guest: { firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', phoneNumber: '+1 555 0100' },
    party: { adults: 2, children: 1, infants: 0, pets: 0 },
    priceLines: [
      { label: '4 nights', amount: 2000 },
      { label: 'Cleaning fee', amount: 250 },
      { label: 'Lodging tax', amount: 200.75 },
    ],
    addOns: [],
    totalAmount: 2450.75,
    currency: 'usd',
    payments: [
      { id: 'p1', provider: 'stripe', status: 'succeeded', amount: 2450.75, createdAt: '2030-12-01T10:01:00Z' },
    ],
    refunds: [],
    emails: [
      {
        id: 'e1',
        kind: 'booking_confirmation',
        subject: 'Your stay at Bear Den Lodge',
        to: 'dana@example.com',
        status: 'sent',
        createdAt: '2030-12-01T10:02:00Z',
        sentAt: '2030-12-01T10:02:05Z',
      },
    ],
    notes: [],
    cancellation: null,
    ...overrides,
  };
}

const cancelled: AdminCancelResult = {
  code: 'SAS-AB12CD',
  status: 'cancelled',
  cancelledAt: '2031-01-10T12:00:00Z',
  refundChoice: 'policy',
  refundedAmount: 1225.38,
  refundStatus: 'done',
};

describe('a reservation in the console', () => {
  it('shows the guest, party, price and e-mails, and cancels once with the previewed policy refund', async () => {
    const cancels: unknown[] = [];
    let previews = 0;
    let resolveCancel: (response: Response) => void = () => {};
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/reservations/SAS-AB12CD': () =>
        json(cancels.length === 0 ? detail() : detail({ status: 'cancelled' })),
      'GET /api/admin/reservations/SAS-AB12CD/cancel-preview': () => {
        previews += 1;
        return json({
          code: 'SAS-AB12CD',
          paidAmount: 2450.75,
          policyPercent: 50,
          policyRefundAmount: 1225.38,
          fullRefundAmount: 2450.75,
        });
      },
      'POST /api/admin/reservations/SAS-AB12CD/cancel': ({ init }) => {
        cancels.push(JSON.parse(init?.body as string));
        return new Promise<Response>((resolve) => {
          resolveCancel = resolve;
        });
      },
    });
    const view = renderApp('/admin/reservations/SAS-AB12CD');

    expect(await screen.findByRole('heading', { level: 1, name: /Reservation SAS-AB12CD/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Guest' })).toHaveTextContent('dana@example.com');
    expect(screen.getByRole('region', { name: 'Stay' })).toHaveTextContent('2 adults, 1 child');
    expect(screen.getByRole('table', { name: 'Price lines' })).toHaveTextContent('Total$2,450.75');
    expect(screen.getByRole('table', { name: 'E-mails sent' })).toHaveTextContent('Your stay at Bear Den Lodge');

    const opener = screen.getByRole('button', { name: 'Cancel reservation' });
    await view.user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel reservation SAS-AB12CD' });
    expect(await within(dialog).findByLabelText(/By the cancellation policy \(50% today\): \$1,225.38/)).toBeChecked();
    expect(within(dialog).getByText('The guest will be refunded $1,225.38.')).toBeInTheDocument();

    await view.user.click(within(dialog).getByLabelText('Another amount'));
    await view.user.type(within(dialog).getByLabelText('Amount in dollars'), '3000');
    expect(within(dialog).getByText('The refund cannot be more than the $2,450.75 paid.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel reservation' })).toBeDisabled();
    await view.user.click(within(dialog).getByLabelText(/By the cancellation policy/));

    const confirm = within(dialog).getByRole('button', { name: 'Cancel and refund $1,225.38' });
    await view.user.click(confirm);
    await view.user.click(confirm);
    expect(within(dialog).getByRole('button', { name: 'Cancelling…' })).toBeDisabled();
    resolveCancel(json(cancelled));

    expect(
      await within(dialog).findByText(/Cancelled\. \$1,225\.38 refunded to the guest \(refund issued\)/),
    ).toBeInTheDocument();
    expect(cancels).toEqual([{ refund: 'policy' }]);
    // A cancelled booking has nothing to preview (the server answers 409): asked once, before confirming.
    expect(previews).toBe(1);
    expect(await screen.findByText('Cancelled', { selector: '.status-tag' })).toBeInTheDocument();
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The Cancel button that opened the dialog is gone: focus goes to the page's heading.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('adds a staff note', async () => {
    const notes: { id: string; body: string; authorEmail: string; createdAt: string }[] = [];
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/reservations/SAS-AB12CD': () => json(detail({ notes })),
      'POST /api/admin/reservations/SAS-AB12CD/notes': ({ init }) => {
        const { body } = JSON.parse(init?.body as string) as { body: string };
        const note = {
          id: `n${notes.length}`,
          body,
          authorEmail: 'staff@example.com',
          createdAt: '2031-01-01T09:00:00Z',
        };
        notes.push(note);
        return json(note, { status: 201 });
      },
    });
    const view = renderApp('/admin/reservations/SAS-AB12CD');
    await view.user.type(await screen.findByLabelText('New note'), 'Guest asked for a late check-out');
    await view.user.click(screen.getByRole('button', { name: 'Add note' }));
    const section = screen.getByRole('region', { name: 'Staff notes' });
    expect(await within(section).findByText(/Guest asked for a late check-out/)).toBeInTheDocument();
    expect(screen.getByLabelText('New note')).toHaveValue('');
  });

  it('shows an owner the stay without contact details, notes or actions', async () => {
    stubFetch({
      ...consoleSession('owner'),
      'GET /api/admin/reservations/SAS-AB12CD': () =>
        json(detail({ guest: { firstName: 'Dana', lastName: 'R.', email: null, phoneNumber: null }, emails: [] })),
    });
    renderApp('/admin/reservations/SAS-AB12CD');
    const guest = await screen.findByRole('region', { name: 'Guest' });
    expect(guest).toHaveTextContent('Dana R.');
    expect(guest).not.toHaveTextContent('E-mail');
    expect(screen.queryByRole('button', { name: 'Cancel reservation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Staff notes' })).not.toBeInTheDocument();
  });
});
