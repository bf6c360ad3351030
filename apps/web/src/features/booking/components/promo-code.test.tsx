import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, requestedUrls, stubFetch, type MockHandler } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { createDraft, createPaymentIntentResponse, createQuote, homeId, requestBody } from '../testing/booking-data';
import { saveDraft } from '../utils/reservation-draft';

const quotePath = `/api/properties/${homeId}/quote`;

function bodies(fetchMock: ReturnType<typeof stubFetch>, path: string): Record<string, unknown>[] {
  const urls = requestedUrls(fetchMock);
  return fetchMock.mock.calls
    .filter((_call, index) => urls[index]?.pathname === path)
    .map((call) => requestBody(call[1]) as Record<string, unknown>);
}

/** 10% off $1,000 of nights: taxes on $1,050 at 12.27%. */
const discounted = createQuote({
  discounts: [{ kind: 'code', name: 'Code SPRING10 (10%)', amount: 100 }],
  promo: { code: 'SPRING10', applied: true },
  taxes: 128.84,
  total: 1178.84,
});

function handlers(overrides: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    'GET /api/stripe/publishable-key': () => json({ publishableKey: 'pk_sandbox', provider: 'sandbox' }),
    'POST /api/stripe/create-payment-intent': () => json(createPaymentIntentResponse()),
    ...overrides,
  };
}

describe('the promo code at the payment step', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the price and says why when the server refuses the code', async () => {
    const fetchMock = stubFetch(
      handlers({
        [`POST ${quotePath}`]: () =>
          json(
            createQuote({
              promo: { code: 'OLDCODE', applied: false, reason: 'The code OLDCODE has expired.' },
            }),
          ),
      }),
    );
    saveDraft(createDraft({ step: 3 }));
    const { user } = renderApp('/reservation');
    await user.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'oldcode');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('The code OLDCODE has expired.')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$1,291.11');
    expect(bodies(fetchMock, quotePath)[0]).toMatchObject({ promoCode: 'oldcode' });
    // A refused code is not sent with the payment.
    await waitFor(() => expect(bodies(fetchMock, '/api/stripe/create-payment-intent').length).toBeGreaterThan(0));
    for (const body of bodies(fetchMock, '/api/stripe/create-payment-intent'))
      expect(body).not.toHaveProperty('promoCode');
  });

  it('shows an applied code on its own line and pays the discounted total with the code', async () => {
    const fetchMock = stubFetch(handlers({ [`POST ${quotePath}`]: () => json(discounted) }));
    saveDraft(createDraft({ step: 3 }));
    const { user } = renderApp('/reservation');
    await user.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'spring10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Code SPRING10 applied.')).toBeInTheDocument();
    const summary = screen.getByRole('table', { name: 'Price details' });
    expect(within(summary).getByRole('row', { name: /Code SPRING10 \(10%\)/ })).toHaveTextContent('−$100.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$1,178.84');
    await waitFor(() =>
      expect(bodies(fetchMock, '/api/stripe/create-payment-intent').at(-1)).toMatchObject({
        promoCode: 'SPRING10',
        amount: 117_884,
      }),
    );
  });

  it('says so when the code ran out before the payment, and goes on at the price without it', async () => {
    let quotes = 0;
    const fetchMock = stubFetch(
      handlers({
        [`POST ${quotePath}`]: () => {
          quotes += 1;
          return json(quotes === 1 ? discounted : createQuote());
        },
        'POST /api/stripe/create-payment-intent': ({ init }) =>
          (requestBody(init) as { promoCode?: string }).promoCode
            ? json(
                {
                  message: 'The code SPRING10 is no longer available. The total without it is $1,291.11.',
                  code: 'promo',
                  amount: 129_111,
                },
                { status: 409 },
              )
            : json(createPaymentIntentResponse()),
      }),
    );
    saveDraft(createDraft({ step: 3 }));
    const { user } = renderApp('/reservation');
    await user.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'spring10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/The code SPRING10 is no longer available/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue without the code' }));
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$1,291.11'));
    expect(await screen.findByRole('button', { name: 'Pay $1,291.11' })).toBeInTheDocument();
    expect(bodies(fetchMock, quotePath).at(-1)).not.toHaveProperty('promoCode');
  });

  it('carries a marketing link’s code into the reservation and prices it at once', async () => {
    const fetchMock = stubFetch(handlers({ [`POST ${quotePath}`]: () => json(discounted) }));
    sessionStorage.setItem('sas:promo-code', 'SPRING10');
    saveDraft({ ...createDraft({ step: 1 }), promoCode: 'SPRING10' });
    renderApp('/reservation');
    expect(await screen.findByRole('row', { name: /Code SPRING10 \(10%\)/ })).toBeInTheDocument();
    expect(bodies(fetchMock, quotePath)[0]).toMatchObject({ promoCode: 'SPRING10' });
  });
});
