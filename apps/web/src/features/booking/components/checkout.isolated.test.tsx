import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agreementMessages, refundedAfterLosingDatesMessage } from '@sas/domain';
import { json, requestedUrls, stubFetch, type MockHandler } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import type { PaymentFormProps } from '@/components/payment/payment-form-props';
import {
  createBookingResponse,
  createDraft,
  createPaymentIntentResponse,
  homeId,
  requestBody,
} from '../testing/booking-data';
import { readDraft, saveDraft } from '../utils/reservation-draft';

// Stripe cannot be reached from tests: its form is replaced by a stand-in
// that shows what the checkout handed it.
vi.mock('@/components/payment/stripe-payment-form', () => ({
  default: ({ paymentIntent, publishableKey }: PaymentFormProps) => (
    <p>
      Stripe form for {paymentIntent.paymentIntentId} with {publishableKey}
    </p>
  ),
}));

const chef = { id: 3, name: 'Private Chef', price: 200_00 };
const weeklyHousekeeping = { id: 1, name: 'Housekeeping', price: 100_00, option: 'Weekly' };
/** 1,291.11 for the stay + 300.00 of add-ons. */
const orderCents = 159_111;

const intent = createPaymentIntentResponse({
  amount: orderCents,
  breakdown: {
    nights: 4,
    basePrice: 1000,
    discounts: [],
    fees: 150,
    taxes: 141.11,
    taxLines: [],
    addOns: [
      { id: 1, name: 'Housekeeping', option: 'Weekly', price: 100 },
      { id: 3, name: 'Private Chef', price: 200 },
    ],
    total: 1591.11,
  },
});

const booking = createBookingResponse({
  addOns: [
    { name: 'Housekeeping', option: 'Weekly', price: 100 },
    { name: 'Private Chef', price: 200 },
  ],
  totalAmount: 1591.11,
});

function bodyOf(fetchMock: ReturnType<typeof stubFetch>, path: string, nth = 0): unknown {
  const urls = requestedUrls(fetchMock);
  const calls = fetchMock.mock.calls.filter((_call, index) => urls[index]?.pathname === path);
  return requestBody(calls[nth]?.[1]);
}

function paths(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return requestedUrls(fetchMock).map((url) => url.pathname);
}

const confirmPath = `/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`;

function handlers(overrides: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    'GET /api/stripe/publishable-key': () => json({ publishableKey: 'pk_sandbox', provider: 'sandbox' }),
    'POST /api/stripe/create-payment-intent': () => json(intent),
    [`POST ${confirmPath}`]: () => json({ id: intent.paymentIntentId, status: 'succeeded' }),
    'POST /api/reservation/confirm': () => json(booking),
    [`POST /api/booking/send-email/${intent.paymentIntentId}`]: () => json({ success: true }, { status: 202 }),
    ...overrides,
  };
}

/** Opens /reservation at step 3 with a chef and weekly housekeeping. */
function openCheckout() {
  saveDraft(createDraft({ step: 3, addOns: [weeklyHousekeeping, chef] }));
  return renderApp('/reservation');
}

async function payWith(user: ReturnType<typeof renderApp>['user'], cardNumber: string) {
  const number = screen.getByLabelText('Card number');
  await user.clear(number);
  await user.type(number, cardNumber);
  await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.clear(screen.getByLabelText('CVC'));
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: /^Pay / }));
}

describe('checkout', () => {
  afterEach(() => sessionStorage.clear());

  it('asks again under the same reference after Back and a new add-on, and offers Try Again to a tab another one took over', async () => {
    let calls = 0;
    const fetchMock = stubFetch(
      handlers({
        'POST /api/stripe/create-payment-intent': () => {
          calls += 1;
          // The third attempt comes from an older tab, after a newer one took the hold over.
          return calls === 3
            ? json(
                { message: 'This reservation was changed in another tab or window.', code: 'superseded' },
                { status: 409 },
              )
            : json(intent);
        },
      }),
    );
    const { user } = openCheckout();
    expect(await screen.findByRole('button', { name: /^Pay / })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('checkbox', { name: /Grocery Delivery/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await screen.findByRole('button', { name: /^Pay / });

    const first = bodyOf(fetchMock, '/api/stripe/create-payment-intent', 0) as Record<string, unknown>;
    const second = bodyOf(fetchMock, '/api/stripe/create-payment-intent', 1) as Record<string, unknown>;
    expect(first.confirmationCode).toBe('test-reservation-reference-0001');
    expect(second.confirmationCode).toBe(first.confirmationCode);
    expect(second.amount).toBe(orderCents + 50_00);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('checkbox', { name: /Grocery Delivery/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This reservation was changed in another tab or window.');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: /^Pay / })).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/stripe/create-payment-intent', 3)).toMatchObject({
      confirmationCode: first.confirmationCode,
    });
  });

  it('pays by card, confirms the reservation, asks for the e-mail and shows the confirmation', async () => {
    const fetchMock = stubFetch(handlers());
    const { user, history } = openCheckout();

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading Stripe...');
    const pay = await screen.findByRole('button', { name: 'Pay $1,591.11' });
    expect(screen.getByText('Test mode - no real charge')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(/4242 4242 4242 4242/);
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();

    expect(bodyOf(fetchMock, '/api/stripe/create-payment-intent')).toMatchObject({
      propertyId: homeId,
      checkIn: '2027-04-12',
      checkOut: '2027-04-16',
      guests: { adults: 2, children: 1, infants: 0, pets: 0 },
      addOns: [{ id: 1, option: 'Weekly' }, { id: 3 }],
      amount: orderCents,
      // The reservation's own reference, the same for every attempt.
      confirmationCode: 'test-reservation-reference-0001',
      paymentPlan: 'full',
      // Ticked at step 2; an ordinary home asks no age question.
      agreement: { accepted: true },
      contact: {
        firstName: 'Avery',
        lastName: 'Lindqvist',
        email: 'avery@example.com',
        phoneNumber: '+1 970 555 0199',
      },
    });

    await payWith(user, '4242 4242 4242 4242');
    expect(pay).toHaveTextContent('Processing...');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/booking-confirmation');
    expect(paths(fetchMock)).toEqual([
      '/api/stripe/publishable-key',
      '/api/stripe/create-payment-intent',
      confirmPath,
      '/api/reservation/confirm',
      `/api/booking/send-email/${intent.paymentIntentId}`,
    ]);
    expect(bodyOf(fetchMock, confirmPath)).toEqual({
      clientSecret: intent.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    // What the server reads of SPEC.md's payload: the payment and the contact; the stay is the one it recorded.
    expect(bodyOf(fetchMock, '/api/reservation/confirm')).toEqual({
      id: intent.paymentIntentId,
      confirmationCode: intent.paymentIntentId,
      paymentIntentId: intent.paymentIntentId,
      firstName: 'Avery',
      lastName: 'Lindqvist',
      email: 'avery@example.com',
      phoneNumber: '+1 970 555 0199',
    });

    expect(screen.getByTestId('confirmation-code')).toHaveTextContent('SAS-7K3Q9P');
    expect(screen.getByText('Paid')).toBeInTheDocument();
    const prices = screen.getByRole('table', { name: 'Price breakdown' });
    expect(within(prices).getByRole('row', { name: 'Housekeeping (Weekly) $100.00' })).toBeInTheDocument();
    expect(within(prices).getByRole('row', { name: 'Private Chef $200.00' })).toBeInTheDocument();
    expect(screen.getByTestId('confirmation-total')).toHaveTextContent('$1,591.11');
    expect(screen.getByText(/A confirmation e-mail is on its way to avery@example.com/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Booking confirmation | Summit & Shore'));
    expect(readDraft()).toBeNull();
  });

  it('shows the processing overlay while the reservation is being confirmed', async () => {
    let finishConfirm: () => void = () => {};
    const confirmed = new Promise<void>((resolve) => {
      finishConfirm = resolve;
    });
    stubFetch(
      handlers({
        'POST /api/reservation/confirm': async () => {
          await confirmed;
          return json(booking);
        },
      }),
    );
    const { user } = openCheckout();
    await screen.findByRole('button', { name: 'Pay $1,591.11' });
    await payWith(user, '4242424242424242');

    expect(await screen.findByText('Processing your reservation...')).toBeInTheDocument();
    finishConfirm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeInTheDocument();
    expect(screen.queryByText('Processing your reservation...')).not.toBeInTheDocument();
  });

  it('keeps the payment (and the held nights) it already opened when the page is reloaded', async () => {
    const fetchMock = stubFetch(handlers());
    const first = openCheckout();
    await screen.findByRole('button', { name: 'Pay $1,591.11' });
    first.unmount();

    renderApp('/reservation');
    expect(await screen.findByRole('button', { name: 'Pay $1,591.11' })).toBeInTheDocument();
    expect(paths(fetchMock).filter((path) => path === '/api/stripe/create-payment-intent')).toHaveLength(1);
  });

  it('falls back to the next e-mail endpoint when one fails, and only warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = stubFetch(
      handlers({
        [`POST /api/booking/send-email/${intent.paymentIntentId}`]: () =>
          json({ message: 'Internal Server Error' }, { status: 500 }),
        'POST /api/email/send-manual': () => json({ success: true }, { status: 202 }),
      }),
    );
    const { user } = openCheckout();
    await screen.findByRole('button', { name: 'Pay $1,591.11' });
    await payWith(user, '4242424242424242');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeInTheDocument();
    expect(paths(fetchMock).slice(-2)).toEqual([
      `/api/booking/send-email/${intent.paymentIntentId}`,
      '/api/email/send-manual',
    ]);
    expect(bodyOf(fetchMock, '/api/email/send-manual')).toEqual({ confirmationCode: 'SAS-7K3Q9P' });
    expect(screen.queryByText(/Email notification may be delayed/)).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('still shows the booking when no e-mail endpoint answers, saying the e-mail may be delayed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = () => json({ message: 'Mail server down' }, { status: 503 });
    const fetchMock = stubFetch(
      handlers({
        [`POST /api/booking/send-email/${intent.paymentIntentId}`]: failing,
        'POST /api/email/send-manual': failing,
        [`POST /api/reservation/send-email/${booking.bookingId}`]: failing,
      }),
    );
    const { user } = openCheckout();
    await screen.findByRole('button', { name: 'Pay $1,591.11' });
    await payWith(user, '4242424242424242');

    expect(
      await screen.findByText(/Email notification may be delayed. Your booking is confirmed./),
    ).toBeInTheDocument();
    expect(paths(fetchMock)).toContain(`/api/reservation/send-email/${booking.bookingId}`);
  });

  it("shows a declined card's message above the pay button and lets the guest try another card", async () => {
    let attempts = 0;
    const fetchMock = stubFetch(
      handlers({
        [`POST ${confirmPath}`]: () => {
          attempts += 1;
          return attempts === 1
            ? json({ status: 'requires_payment_method', message: 'Your card was declined.' }, { status: 402 })
            : json({ id: intent.paymentIntentId, status: 'succeeded' });
        },
      }),
    );
    const { user } = openCheckout();
    await screen.findByRole('button', { name: 'Pay $1,591.11' });

    await payWith(user, '4000 0000 0000 0002');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    const pay = screen.getByRole('button', { name: 'Pay $1,591.11' });
    expect(pay).toBeEnabled();

    await payWith(user, '4242 4242 4242 4242');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeInTheDocument();
    // The same payment intent, tried twice; the hold was never given up.
    expect(paths(fetchMock).filter((path) => path === '/api/stripe/create-payment-intent')).toHaveLength(1);
    expect(paths(fetchMock).filter((path) => path === confirmPath)).toHaveLength(2);
  });

  it('points out card fields that are not filled in right without asking the provider', async () => {
    const fetchMock = stubFetch(handlers());
    const { user } = openCheckout();
    await screen.findByRole('button', { name: 'Pay $1,591.11' });

    await user.type(screen.getByLabelText('Card number'), '4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '13/30');
    await user.type(screen.getByLabelText('CVC'), '1');
    await user.click(screen.getByRole('button', { name: 'Pay $1,591.11' }));

    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(/Enter the card number/);
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAccessibleDescription('Enter the expiry date as MM/YY.');
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription('Enter the 3 or 4 digit security code.');
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(paths(fetchMock)).not.toContain(confirmPath);
  });

  it('tells the guest when the price changed and continues with the corrected total once accepted', async () => {
    const fetchMock = stubFetch(
      handlers({
        'POST /api/stripe/create-payment-intent': ({ init }) => {
          const { amount } = requestBody(init) as { amount: number };
          return amount === 162_000
            ? json({ ...intent, amount: 162_000 })
            : json(
                { message: 'The price has changed. The correct total is $1,620.00.', amount: 162_000 },
                { status: 409 },
              );
        },
      }),
    );
    const { user } = openCheckout();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The price has changed. The correct total is $1,620.00.');
    expect(alert).toHaveTextContent('New total: $1,620.00');
    await user.click(within(alert).getByRole('button', { name: 'Continue with the new total' }));

    expect(await screen.findByRole('button', { name: 'Pay $1,620.00' })).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/stripe/create-payment-intent', 1)).toMatchObject({ amount: 162_000 });
  });

  it('says the dates are taken, before any card is asked for, with a way back to the home', async () => {
    stubFetch(
      handlers({
        'POST /api/stripe/create-payment-intent': () =>
          json({ message: 'These dates are no longer available' }, { status: 409 }),
      }),
    );
    const { user, history } = openCheckout();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('These dates are no longer available');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: 'Choose other dates' }));
    await waitFor(() => expect(history.location.pathname).toBe('/property/bear-den-lodge'));
  });

  it('offers Try Again when the payment cannot be set up', async () => {
    let keyRequests = 0;
    stubFetch(
      handlers({
        'GET /api/stripe/publishable-key': () => {
          keyRequests += 1;
          return keyRequests === 1
            ? json({ message: 'Payments are unavailable right now.' }, { status: 503 })
            : json({ publishableKey: 'pk_sandbox', provider: 'sandbox' });
        },
      }),
    );
    const { user } = openCheckout();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payments are unavailable right now.');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Pay $1,591.11' })).toBeInTheDocument();
  });

  it('tells the guest when the nights were lost after paying and the server refunded the card', async () => {
    stubFetch(
      handlers({
        'POST /api/reservation/confirm': () => json({ message: refundedAfterLosingDatesMessage }, { status: 409 }),
      }),
    );
    const { user, history } = openCheckout();
    await screen.findByRole('button', { name: 'Pay $1,591.11' });
    await payWith(user, '4242424242424242');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refundedAfterLosingDatesMessage);
    expect(within(alert).getByRole('link', { name: 'Back to Bear Den Lodge' })).toHaveAttribute(
      'href',
      '/property/bear-den-lodge',
    );
    expect(history.location.pathname).toBe('/reservation');
    expect(readDraft()).toBeNull();
  });

  it('uses the Stripe form, loaded on demand, when the server runs Stripe', async () => {
    stubFetch(
      handlers({
        'GET /api/stripe/publishable-key': () => json({ publishableKey: 'pk_test_123', provider: 'stripe' }),
      }),
    );
    openCheckout();

    expect(await screen.findByText(`Stripe form for ${intent.paymentIntentId} with pk_test_123`)).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByText('Test mode - no real charge')).not.toBeInTheDocument();
  });

  it('takes the reservation from navigation state on /payment', async () => {
    stubFetch(handlers());
    renderApp({
      pathname: '/payment',
      state: { reservation: createDraft({ step: 3, addOns: [weeklyHousekeeping, chef] }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay $1,591.11' })).toBeInTheDocument();
  });

  describe('payment plans (issue 17)', () => {
    // The home's clock (Denver) reads Jan 2, 2027: check-in on Apr 12 is 100 days away.
    function atHomeTime(instant: string) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(instant));
    }
    afterEach(() => vi.useRealTimers());

    /** 1,291.11 for the stay + 200.00 for a chef: three installments of 497.03, the odd cents on the first. */
    const planCents = 149_111;
    const fullIntent = createPaymentIntentResponse({
      amount: planCents,
      schedule: [{ dueDate: '2027-01-02', amount: 1491.11 }],
    });
    const installmentsIntent = createPaymentIntentResponse({
      paymentIntentId: 'pi_sandbox_2',
      clientSecret: 'pi_sandbox_2_secret_def',
      amount: 49_705,
      schedule: [
        { dueDate: '2027-01-02', amount: 497.05 },
        { dueDate: '2027-02-06', amount: 497.03 },
        { dueDate: '2027-03-13', amount: 497.03 },
      ],
    });

    function planHandlers() {
      return handlers({
        'POST /api/stripe/create-payment-intent': ({ init }) => {
          const { paymentPlan } = requestBody(init) as { paymentPlan: string };
          return json(paymentPlan === 'installments' ? installmentsIntent : fullIntent);
        },
        [`POST /api/sandbox/payment-intents/pi_sandbox_2/confirm`]: () =>
          json({ id: 'pi_sandbox_2', status: 'succeeded' }),
        'POST /api/reservation/confirm': () => json(createBookingResponse({ totalAmount: 1491.11 })),
        'POST /api/booking/send-email/pi_sandbox_2': () => json({ success: true }, { status: 202 }),
      });
    }

    it('offers 3 installments with their dates, asks again under the same reference, and shows the schedule through to the confirmation', async () => {
      atHomeTime('2027-01-02T17:00:00Z');
      const fetchMock = stubFetch(planHandlers());
      saveDraft(createDraft({ step: 3, addOns: [chef] }));
      const { user } = renderApp('/reservation');

      const plans = await screen.findByRole('group', { name: 'How would you like to pay?' });
      const full = within(plans).getByRole('radio', { name: 'Pay in full' });
      const installments = within(plans).getByRole('radio', { name: 'Pay in 3 installments' });
      expect(full).toBeChecked();
      expect(full).toHaveAccessibleDescription('$1,491.11 today');
      expect(installments).toHaveAccessibleDescription('Today: $497.05 Feb 6, 2027: $497.03 Mar 13, 2027: $497.03');
      expect(await screen.findByRole('button', { name: 'Pay $1,491.11' })).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Payment schedule' })).not.toBeInTheDocument();

      await user.click(installments);
      expect(installments).toHaveFocus();
      expect(await screen.findByRole('button', { name: 'Pay $497.05' })).toBeInTheDocument();
      expect(screen.getByText('Due today:', { exact: false })).toHaveTextContent('Due today: $497.05');
      const schedule = screen.getByRole('table', { name: 'Payment schedule' });
      expect(
        within(schedule)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual([
        'DateAmountStatus',
        'Jan 2, 2027$497.05Charged today',
        'Feb 6, 2027$497.03Charged automatically',
        'Mar 13, 2027$497.03Charged automatically',
        'Total$1,491.11',
      ]);
      const first = bodyOf(fetchMock, '/api/stripe/create-payment-intent', 0) as Record<string, unknown>;
      const second = bodyOf(fetchMock, '/api/stripe/create-payment-intent', 1) as Record<string, unknown>;
      expect(first).toMatchObject({ paymentPlan: 'full', amount: planCents, agreement: { accepted: true } });
      expect(second).toMatchObject({
        paymentPlan: 'installments',
        // The order's total: the server charges the first part of it now.
        amount: planCents,
        confirmationCode: first.confirmationCode,
        agreement: { accepted: true },
      });
      expect(readDraft()?.paymentPlan).toBe('installments');

      await payWith(user, '4242 4242 4242 4242');
      expect(await screen.findByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeInTheDocument();
      expect(screen.getByText('First of 3 payments made')).toBeInTheDocument();
      expect(
        within(screen.getByRole('table', { name: 'Price breakdown' })).getByRole('row', { name: 'Total $1,491.11' }),
      ).toBeInTheDocument();
      const confirmed = screen.getByRole('table', { name: 'Payment schedule' });
      expect(within(confirmed).getByRole('row', { name: 'Jan 2, 2027 $497.05 Paid' })).toBeInTheDocument();
      expect(
        within(confirmed).getByRole('row', { name: 'Mar 13, 2027 $497.03 Charged automatically' }),
      ).toBeInTheDocument();
    });

    it('pays in full only, without asking, when check-in is 45 days away or less', async () => {
      atHomeTime('2027-03-01T17:00:00Z');
      const fetchMock = stubFetch(planHandlers());
      // Chosen earlier, when the stay was further away: no longer on offer.
      saveDraft(createDraft({ step: 3, addOns: [chef], paymentPlan: 'installments' }));
      renderApp('/reservation');

      expect(await screen.findByRole('button', { name: 'Pay $1,491.11' })).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'How would you like to pay?' })).not.toBeInTheDocument();
      expect(bodyOf(fetchMock, '/api/stripe/create-payment-intent')).toMatchObject({ paymentPlan: 'full' });
    });

    it('shows only one charge on the confirmation of a stay paid in full', async () => {
      atHomeTime('2027-01-02T17:00:00Z');
      stubFetch(
        handlers({
          'POST /api/stripe/create-payment-intent': () =>
            json({ ...fullIntent, paymentIntentId: intent.paymentIntentId }),
          'POST /api/reservation/confirm': () => json(createBookingResponse({ totalAmount: 1491.11 })),
        }),
      );
      saveDraft(createDraft({ step: 3, addOns: [chef] }));
      const { user } = renderApp('/reservation');
      await screen.findByRole('button', { name: 'Pay $1,491.11' });
      await payWith(user, '4242 4242 4242 4242');

      expect(await screen.findByRole('heading', { level: 1, name: 'Your stay is booked' })).toBeInTheDocument();
      expect(screen.getByText('Paid')).toBeInTheDocument();
      expect(screen.getByRole('row', { name: 'Total paid $1,491.11' })).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Payment schedule' })).not.toBeInTheDocument();
    });
  });

  describe('when the server refuses the payment for the rental agreement', () => {
    it('goes back to step 2 and asks for the over-25 tick it needs there', async () => {
      const fetchMock = stubFetch(
        handlers({
          'POST /api/stripe/create-payment-intent': ({ init }) => {
            const { agreement } = requestBody(init) as { agreement: { over25?: boolean } };
            return agreement.over25 === true
              ? json(intent)
              : json({ message: agreementMessages.over25 }, { status: 422 });
          },
        }),
      );
      // Started before the home was flagged: the draft does not know to ask.
      const { user } = openCheckout();

      const heading = await screen.findByRole('heading', { level: 1, name: 'Customize your stay' });
      await waitFor(() => expect(heading).toHaveFocus());
      const over25 = screen.getByRole('checkbox', { name: 'The primary renter is over 25' });
      expect(over25).toHaveAttribute('aria-invalid', 'true');
      expect(over25).toHaveAccessibleDescription(agreementMessages.over25);
      expect(screen.getByRole('checkbox', { name: 'I accept the rental agreement' })).toBeChecked();

      await user.click(over25);
      await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
      expect(await screen.findByRole('button', { name: 'Pay $1,591.11' })).toBeInTheDocument();
      expect(bodyOf(fetchMock, '/api/stripe/create-payment-intent', 1)).toMatchObject({
        agreement: { accepted: true, over25: true },
      });
    });

    it('hands a reservation on /payment back to step 2 with the reason', async () => {
      stubFetch(
        handlers({
          'POST /api/stripe/create-payment-intent': () =>
            json({ message: agreementMessages.required }, { status: 422 }),
        }),
      );
      const { history } = renderApp({
        pathname: '/payment',
        state: { reservation: createDraft({ step: 3, agreement: { accepted: false, over25: false } }) },
      });

      await waitFor(() => expect(history.location.pathname).toBe('/reservation'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Customize your stay' })).toBeInTheDocument();
      const accept = screen.getByRole('checkbox', { name: 'I accept the rental agreement' });
      expect(accept).toHaveAttribute('aria-invalid', 'true');
      expect(accept).toHaveAccessibleDescription(expect.stringContaining(agreementMessages.required));
    });
  });
});
