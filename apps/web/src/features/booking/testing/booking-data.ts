// Valid API answers and navigation states for the booking flow's tests; each
// takes overrides. Amounts are dollars where the API sends dollars.
import type { BookingConfirmation, QuoteResponse } from '@sas/domain';
import type { PaymentIntent } from '../api/create-payment-intent';
import { draftFromStart, type ReservationDraft, type ReservationStartState } from '../utils/reservation-draft';

export const homeId = '00000000-0000-4000-8000-00000000b00c';

export function createQuote(overrides: Partial<QuoteResponse> = {}): QuoteResponse {
  return {
    checkin_date: '2027-04-12',
    checkout_date: '2027-04-16',
    nights: 4,
    nightly: [
      { date: '2027-04-12', price: 250, season: null, weekend: false },
      { date: '2027-04-13', price: 250, season: null, weekend: false },
      { date: '2027-04-14', price: 250, season: null, weekend: false },
      { date: '2027-04-15', price: 250, season: null, weekend: false },
    ],
    basePrice: 1000,
    fees: 150,
    taxes: 141.11,
    taxLines: [{ name: 'Lodging tax', jurisdiction: 'Lodging tax', rate: 12.27, amount: 141.11 }],
    total: 1291.11,
    currency: 'usd',
    discounts: [],
    financials: {
      min_stay: 2,
      cleaning_fee: 150,
      tax_rate: 12.27,
      tax_name: 'Lodging tax',
      average_nightly: 250,
    },
    ...overrides,
  };
}

export function createStartState(overrides: Partial<ReservationStartState> = {}): ReservationStartState {
  return {
    home: {
      id: homeId,
      slug: 'bear-den-lodge',
      name: 'Bear Den Lodge',
      pictureUrl: `/media/homes/${homeId}/1-960.webp`,
      city: 'Breckenridge',
      state: 'CO',
      maxGuests: 8,
      petsAllowed: true,
      timeZone: 'America/Denver',
      ageRestricted: false,
      depositAmount: 0,
    },
    stay: {
      checkIn: '2027-04-12',
      checkOut: '2027-04-16',
      guests: { adults: 2, children: 1, infants: 0, pets: 0 },
    },
    quote: createQuote(),
    ...overrides,
  };
}

/** A draft with contact details filled in and the rental agreement accepted, at `step`. */
export function createDraft(overrides: Partial<ReservationDraft> = {}): ReservationDraft {
  return {
    ...draftFromStart(createStartState(), 'test-visit'),
    reference: 'test-reservation-reference-0001',
    contact: {
      firstName: 'Avery',
      lastName: 'Lindqvist',
      email: 'avery@example.com',
      phoneNumber: '+1 970 555 0199',
      textMessages: false,
      marketingEmail: false,
    },
    agreement: { accepted: true, over25: false },
    ...overrides,
  };
}

/** A payment intent paid in full: its schedule is one charge, today, of its amount (unless overridden). */
export function createPaymentIntentResponse(overrides: Partial<PaymentIntent> = {}): PaymentIntent {
  const amount = overrides.amount ?? 129_111;
  return {
    clientSecret: 'pi_sandbox_1_secret_abc',
    paymentIntentId: 'pi_sandbox_1',
    amount,
    currency: 'usd',
    holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    breakdown: {
      nights: 4,
      basePrice: 1000,
      discounts: [],
      fees: 150,
      taxes: 141.11,
      taxLines: [],
      addOns: [],
      total: 1291.11,
    },
    schedule: [{ dueDate: new Date().toISOString().slice(0, 10), amount: amount / 100 }],
    ...overrides,
  };
}

export function createBookingResponse(overrides: Partial<BookingConfirmation> = {}): BookingConfirmation {
  return {
    bookingId: 'b7f0a6c2-0000-4000-8000-000000000001',
    confirmationCode: 'SAS-7K3Q9P',
    status: 'confirmed',
    propertyName: 'Bear Den Lodge',
    checkIn: '2027-04-12',
    checkOut: '2027-04-16',
    datesBlocked: ['2027-04-12', '2027-04-13', '2027-04-14', '2027-04-15'],
    discounts: [],
    basePrice: 1000,
    taxes: 141.11,
    taxLines: [],
    fees: 150,
    addOns: [],
    guestCount: { adults: 2, children: 1, pets: 0 },
    totalAmount: 1291.11,
    email: 'avery@example.com',
    ...overrides,
  };
}

/** The JSON body a mocked request was sent with. */
export function requestBody(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') throw new Error('The request had no JSON body');
  return JSON.parse(init.body) as unknown;
}
