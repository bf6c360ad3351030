import type { ScheduledPayment, TripDetail } from '@sas/domain';

/** One charge of a booking's schedule: paid, unless the overrides say otherwise. */
export function createScheduledPayment(overrides: Partial<ScheduledPayment> = {}): ScheduledPayment {
  return {
    seq: 1,
    dueDate: '2031-01-01',
    amount: 2450.75,
    status: 'paid',
    paidAt: '2031-01-01T17:00:00.000Z',
    failureMessage: null,
    payBy: null,
    ...overrides,
  };
}

/**
 * A confirmed booking's page as GET /api/trips/{code} answers it, stay in
 * March 2031 on Denver's clock: paid in full, no security deposit, the rental
 * agreement accepted when booking.
 */
export function createTripDetail(overrides: Partial<TripDetail> = {}): TripDetail {
  return {
    code: 'SAS-7K3Q9P',
    status: 'confirmed',
    bookedAt: '2031-01-01T17:00:00.000Z',
    property: {
      name: 'Bear Den Lodge',
      slug: 'bear-den-lodge',
      city: 'Breckenridge',
      state: 'CO',
      address: '12 Ski Hill Rd, Breckenridge, CO',
      checkInTime: '4:00 PM',
      instructions: 'The lockbox code arrives the day before.',
    },
    checkIn: '2031-03-10',
    checkOut: '2031-03-14',
    nights: 4,
    party: { adults: 2, children: 1, infants: 0, pets: 0 },
    priceLines: [
      { label: '4 nights', amount: 2000 },
      { label: 'Cleaning fee', amount: 250 },
      { label: 'Taxes', amount: 200.75 },
    ],
    addOns: [{ name: 'Private chef', option: null, price: 450 }],
    concierge: [],
    totalAmount: 2450.75,
    payments: [{ amount: 2450.75, status: 'succeeded', at: '2031-01-01T17:00:00.000Z' }],
    refunds: [],
    cancellation: {
      refundPercent: 50,
      refundAmount: 1225.38,
      // 48 hours after booking; the end of Feb 8 (30 days before check-in) on Denver's clock.
      fullRefundUntil: '2031-01-03T17:00:00.000Z',
      halfRefundUntil: '2031-02-09T06:59:59.999Z',
    },
    cancelled: null,
    timeZone: 'America/Denver',
    schedule: [createScheduledPayment()],
    deposit: { amount: 0, status: 'none' },
    agreement: { version: '2026-11-25', acceptedAt: '2031-01-01T17:00:00.000Z', over25: false },
    ...overrides,
  };
}
