import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TripDetail } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { createScheduledPayment, createTripDetail } from '../testing/trip-data';

// The trip page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const code = 'SAS-9M4K7R';
const paid = createScheduledPayment({ seq: 1, dueDate: '2031-01-01', amount: 816.93 });
const failed = createScheduledPayment({
  seq: 2,
  dueDate: '2031-01-20',
  amount: 816.91,
  status: 'failed',
  paidAt: null,
  failureMessage: 'Your card was declined.',
  // 72 hours after the failed charge: Jan 23, 10:00 AM in Breckenridge.
  payBy: '2031-01-23T17:00:00.000Z',
});
const scheduled = createScheduledPayment({
  seq: 3,
  dueDate: '2031-02-08',
  amount: 816.91,
  status: 'scheduled',
  paidAt: null,
});

function trip(overrides: Partial<TripDetail> = {}): TripDetail {
  return createTripDetail({ code, schedule: [paid, failed, scheduled], ...overrides });
}

const payment = {
  paymentIntentId: 'pi_sandbox_installment_2',
  clientSecret: 'pi_sandbox_installment_2_secret',
  publishableKey: 'pk_sandbox',
  amount: 81_691,
  currency: 'usd',
};

async function payByCard(user: ReturnType<typeof renderApp>['user'], section: HTMLElement, name: string) {
  await user.type(within(section).getByLabelText('Card number'), '4242 4242 4242 4242');
  await user.type(within(section).getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.type(within(section).getByLabelText('CVC'), '123');
  await user.click(within(section).getByRole('button', { name }));
}

describe('payments on a schedule, on the booking page', () => {
  afterEach(() => sessionStorage.clear());

  it('lists each installment with its state, and a failed one with its reason and the time to pay by', async () => {
    stubFetch({ [`GET /api/trips/${code}`]: () => json(trip()) });
    renderApp(`/trips/${code}`);

    const section = await screen.findByRole('region', { name: 'Payments' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Payment 1 of 3 · due Jan 1, 2031 · \$816\.93 · Paid on Jan 1, 2031, 10:00\sAM MST$/),
      expect.stringMatching(
        /^Payment 2 of 3 · due Jan 20, 2031 · \$816\.91 · Not paid: the charge failedYour card was declined\. Pay by Jan 23, 2031, 10:00\sAM MST to keep your booking\.Pay now$/,
      ),
      'Payment 3 of 3 · due Feb 8, 2031 · $816.91 · Scheduled: charged to your card that day',
    ]);
    expect(within(section).getAllByRole('button', { name: 'Pay now' })).toHaveLength(1);
    expect(within(section).getByRole('button', { name: 'Pay now' })).toHaveAccessibleDescription('Payment 2 of 3');
  });

  it('says "Full payment" for a stay paid at once, with nothing to pay', async () => {
    stubFetch({ [`GET /api/trips/${code}`]: () => json(createTripDetail({ code })) });
    renderApp(`/trips/${code}`);

    const section = await screen.findByRole('region', { name: 'Payments' });
    expect(within(section).getByRole('listitem')).toHaveTextContent(
      /^Full payment · due Jan 1, 2031 · \$2,450\.75 · Paid on/,
    );
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('pays a failed installment by card with the link token, then shows it paid', async () => {
    let paidNow = false;
    const fetchMock = stubFetch({
      [`GET /api/trips/${code}`]: () =>
        json(
          trip(
            paidNow
              ? {
                  schedule: [
                    paid,
                    {
                      ...failed,
                      status: 'paid',
                      failureMessage: null,
                      payBy: null,
                      paidAt: '2031-01-21T18:00:00.000Z',
                    },
                    scheduled,
                  ],
                }
              : {},
          ),
        ),
      [`POST /api/trips/${code}/schedule/2/pay`]: () => json(payment, { status: 201 }),
      [`POST /api/sandbox/payment-intents/${payment.paymentIntentId}/confirm`]: () =>
        json({ id: payment.paymentIntentId, status: 'succeeded' }),
      [`POST /api/trips/${code}/schedule/2/confirm`]: () => {
        paidNow = true;
        return json({ status: 'paid' });
      },
    });
    sessionStorage.setItem(`tripToken:${code}`, 'link-token-3');
    const { user } = renderApp(`/trips/${code}`);

    const section = await screen.findByRole('region', { name: 'Payments' });
    await user.click(within(section).getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(within(section).getByText('Pay payment 2 of 3 by card')).toHaveFocus());
    await payByCard(user, section, 'Pay $816.91');

    const status = await within(section).findByRole('status');
    expect(status).toHaveTextContent('Payment 2 of 3 is paid.');
    await waitFor(() => expect(status).toHaveFocus());
    expect(within(section).getAllByRole('listitem')[1]).toHaveTextContent(/Paid on Jan 21, 2031/);
    expect(within(section).queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();

    const confirmAt = requestedUrls(fetchMock).findIndex(
      (url) => url.pathname === `/api/trips/${code}/schedule/2/confirm`,
    );
    expect(JSON.parse(fetchMock.mock.calls[confirmAt]?.[1]?.body as string)).toEqual({
      paymentIntentId: payment.paymentIntentId,
    });
    const tripCalls = requestedUrls(fetchMock).filter((url) => url.pathname.startsWith(`/api/trips/${code}`));
    for (const url of tripCalls) expect(url.searchParams.get('token')).toBe('link-token-3');
  });

  it("shows the server's reason when it does not record the payment, and keeps the form for another card", async () => {
    stubFetch({
      [`GET /api/trips/${code}`]: () => json(trip()),
      [`POST /api/trips/${code}/schedule/2/pay`]: () => json(payment, { status: 201 }),
      [`POST /api/sandbox/payment-intents/${payment.paymentIntentId}/confirm`]: () =>
        json({ id: payment.paymentIntentId, status: 'succeeded' }),
      [`POST /api/trips/${code}/schedule/2/confirm`]: () =>
        json({ message: 'The payment has not gone through yet.' }, { status: 402 }),
    });
    const { user } = renderApp(`/trips/${code}`);

    const section = await screen.findByRole('region', { name: 'Payments' });
    await user.click(within(section).getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(within(section).getByText('Pay payment 2 of 3 by card')).toHaveFocus());
    await payByCard(user, section, 'Pay $816.91');
    expect(await within(section).findByRole('alert')).toHaveTextContent('The payment has not gone through yet.');
    expect(within(section).getByLabelText('Card number')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Pay now' })).toHaveFocus());
  });
});
