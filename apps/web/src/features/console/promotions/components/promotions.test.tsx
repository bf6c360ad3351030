import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPromotion } from '@sas/domain';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderSection } from '@/testing/render-section';
import { requestBody } from '@/features/booking/testing/booking-data';
import { PromotionsPage } from './promotions-page';

function promotion(overrides: Partial<AdminPromotion> = {}): AdminPromotion {
  return {
    id: '6b0f7d2e-0000-4000-8000-000000000001',
    code: 'SPRING10',
    kind: 'percent',
    value: 10,
    minNights: null,
    stayFrom: null,
    stayTo: null,
    bookFrom: null,
    bookTo: null,
    homes: [],
    collections: [],
    maxUses: 5,
    maxUsesPerGuest: null,
    combinable: false,
    status: 'active',
    guestEmail: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    uses: 2,
    bookings: 2,
    revenue: 2345.6,
    discountGiven: 260,
    ...overrides,
  };
}

describe('the console promotions page', () => {
  it('lists codes with their numbers, says why a new code was refused, and pauses one', async () => {
    const code = promotion();
    const fetchMock = stubFetch({
      'GET /api/admin/promotions': () => json({ promotions: [code] }),
      'POST /api/admin/promotions': () =>
        json({ message: 'A promotion with the code spring10 already exists (codes ignore case).' }, { status: 409 }),
      [`PATCH /api/admin/promotions/${code.id}`]: () => json({ ...code, status: 'paused' }),
      'GET /api/admin/collections/essentials/discounts': () =>
        json({ weeklyPercent: 8, monthlyPercent: 0, lastMinute: null, earlyBird: null, gapNights: null }),
      'GET /api/admin/promotions/returning-guests': () => json({ enabled: false, percent: 10, validDays: 365 }),
    });
    const { user } = renderSection(<PromotionsPage />);

    const row = await screen.findByRole('row', { name: /SPRING10/ });
    expect(row).toHaveTextContent('10% off the nights');
    expect(row).toHaveTextContent('2 / 5');
    expect(row).toHaveTextContent('$2,345.60');
    expect(row).toHaveTextContent('$260.00');
    // The first collection's automatic discounts, as saved.
    const collection = await screen.findByRole('form', { name: 'Automatic discounts of the essentials collection' });
    expect(within(collection).getByLabelText('Weekly, 7+ nights (%)')).toHaveValue(8);

    const form = screen.getByRole('form', { name: 'New promo code' });
    await user.type(within(form).getByLabelText('Code'), 'spring10');
    await user.type(within(form).getByLabelText('Percent'), '15');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText(/already exists/)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Pause SPRING10' }));
    await waitFor(() => {
      const urls = requestedUrls(fetchMock);
      const index = urls.findIndex((url) => url.pathname === `/api/admin/promotions/${code.id}`);
      expect(requestBody(fetchMock.mock.calls[index]?.[1])).toEqual({ status: 'paused' });
    });
  });

  it('turns on the returning-guest offer with its percentage and validity', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/promotions': () => json({ promotions: [] }),
      'GET /api/admin/collections/essentials/discounts': () =>
        json({ weeklyPercent: 0, monthlyPercent: 0, lastMinute: null, earlyBird: null, gapNights: null }),
      'GET /api/admin/promotions/returning-guests': () => json({ enabled: false, percent: 10, validDays: 365 }),
      'PUT /api/admin/promotions/returning-guests': () => json({ enabled: true, percent: 15, validDays: 90 }),
    });
    const { user } = renderSection(<PromotionsPage />);

    const form = await screen.findByRole('form', { name: 'Returning-guest offer' });
    expect(within(form).getByLabelText('Offer returning guests a personal code')).not.toBeChecked();
    await user.click(within(form).getByLabelText('Offer returning guests a personal code'));
    await user.clear(within(form).getByLabelText('Discount (%)'));
    await user.type(within(form).getByLabelText('Discount (%)'), '15');
    await user.clear(within(form).getByLabelText('Valid for (days)'));
    await user.type(within(form).getByLabelText('Valid for (days)'), '90');
    await user.click(within(form).getByRole('button', { name: 'Save offer' }));

    expect(
      await within(form).findByText('Saved: after a stay, a guest will be offered 15% off, valid 90 days.'),
    ).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(requestBody(put?.[1])).toEqual({ enabled: true, percent: 15, validDays: 90 });
  });
});
