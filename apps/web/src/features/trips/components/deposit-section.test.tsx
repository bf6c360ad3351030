import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DepositSummary } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { createTripDetail } from '../testing/trip-data';

// The trip page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const code = 'SAS-2D8H5T';

async function depositText(deposit: DepositSummary): Promise<string | null> {
  const fetchMock = stubFetch({ [`GET /api/trips/${code}`]: () => json(createTripDetail({ code, deposit })) });
  const view = renderApp(`/trips/${code}`);
  const section = await screen.findByRole('region', { name: 'Security deposit' });
  const text = within(section).getByTestId('deposit-status').textContent;
  view.unmount();
  fetchMock.mockReset();
  return text;
}

describe('the security deposit on the booking page', () => {
  afterEach(() => sessionStorage.clear());

  it('says in words where the deposit stands, on the home clock', async () => {
    expect(await depositText({ amount: 500, status: 'scheduled', holdFrom: '2031-03-03T07:00:00.000Z' })).toBe(
      'A hold of $500.00 will be placed on Mar 3, 2031. It is released 2 days after check-out.',
    );
    expect(await depositText({ amount: 500, status: 'held', heldUntil: '2031-03-07T07:00:00.000Z' })).toMatch(
      /^\$500\.00 held on your card until Mar 7, 2031, 12:00\sAM MST; the hold is renewed while needed\./,
    );
    expect(await depositText({ amount: 500, status: 'released' })).toBe(
      'Released: the hold of $500.00 has ended and nothing was taken.',
    );
    expect(
      await depositText({ amount: 500, status: 'captured', capturedAmount: 150, capturedFor: 'Lost keys or passes' }),
    ).toBe('$500.00 held; $150.00 captured for lost keys or passes and the rest released.');
    expect(await depositText({ amount: 500, status: 'captured', capturedAmount: 150 })).toBe(
      '$500.00 held; $150.00 captured and the rest released. We have e-mailed you why.',
    );
  });

  it('leaves the section out when the home asks for no deposit', async () => {
    stubFetch({ [`GET /api/trips/${code}`]: () => json(createTripDetail({ code })) });
    renderApp(`/trips/${code}`);
    await screen.findByRole('region', { name: 'Payments' });
    expect(screen.queryByRole('region', { name: 'Security deposit' })).not.toBeInTheDocument();
  });

  it('authorises a hold that failed with a card, then shows it held', async () => {
    const fetchMock = stubFetch({
      [`GET /api/trips/${code}`]: () => json(createTripDetail({ code, deposit: { amount: 500, status: 'failed' } })),
      [`POST /api/trips/${code}/deposit/authorize`]: () =>
        json(
          {
            paymentIntentId: 'pi_sandbox_deposit',
            clientSecret: 'pi_sandbox_deposit_secret',
            publishableKey: 'pk_sandbox',
            amount: 50_000,
            currency: 'usd',
          },
          { status: 201 },
        ),
      'POST /api/sandbox/payment-intents/pi_sandbox_deposit/confirm': () =>
        json({ id: 'pi_sandbox_deposit', status: 'succeeded' }),
      [`POST /api/trips/${code}/deposit/confirm`]: () => json({ status: 'held' }),
    });
    const { user } = renderApp(`/trips/${code}`);

    const section = await screen.findByRole('region', { name: 'Security deposit' });
    expect(within(section).getByTestId('deposit-status')).toHaveTextContent(
      'We could not place the hold of $500.00 on your card. Please authorise it with a card.',
    );
    await user.click(within(section).getByRole('button', { name: 'Authorise deposit' }));
    await waitFor(() => expect(within(section).getByText(/^Authorise the \$500\.00 hold by card/)).toHaveFocus());
    await user.type(within(section).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(within(section).getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(within(section).getByLabelText('CVC'), '123');
    await user.click(within(section).getByRole('button', { name: 'Authorise $500.00' }));

    expect(await within(section).findByRole('status')).toHaveTextContent('Thank you: the deposit is authorised.');
    expect(within(section).getByTestId('deposit-status')).toHaveTextContent(/^\$500\.00 held on your card\./);
    expect(within(section).queryByRole('button', { name: 'Authorise deposit' })).not.toBeInTheDocument();
    const confirmAt = requestedUrls(fetchMock).findIndex(
      (url) => url.pathname === `/api/trips/${code}/deposit/confirm`,
    );
    expect(JSON.parse(fetchMock.mock.calls[confirmAt]?.[1]?.body as string)).toEqual({
      paymentIntentId: 'pi_sandbox_deposit',
    });
  });

  it('shows the accepted rental agreement with its version and time', async () => {
    stubFetch({
      [`GET /api/trips/${code}`]: () =>
        json(
          createTripDetail({
            code,
            agreement: { version: '2026-11-25', acceptedAt: '2031-01-01T17:00:00.000Z', over25: true },
          }),
        ),
    });
    renderApp(`/trips/${code}`);
    const section = await screen.findByRole('region', { name: 'Rental agreement' });
    expect(section).toHaveTextContent(
      /You accepted the rental agreement \(version 2026-11-25\) on Jan 1, 2031, 10:00\sAM MST\. You confirmed that the primary renter is over 25\./,
    );
    expect(within(section).getByRole('link', { name: 'Read the rental agreement' })).toHaveAttribute(
      'href',
      '/rental-agreement',
    );
  });
});
