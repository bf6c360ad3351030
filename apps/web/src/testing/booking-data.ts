// Factories for prices and availability: the calendar, a quote and a search
// result, valid per their @sas/domain contracts, with overrides.
import {
  addDays,
  centsToDollars,
  eachNight,
  nightsBetween,
  toCents,
  type AvailableHome,
  type CalendarResponse,
  type IsoDate,
  type QuoteResponse,
} from '@sas/domain';
import { createPropertyCard } from './data-generators';

export function createCalendar(overrides: Partial<CalendarResponse> = {}): CalendarResponse {
  const today = overrides.today ?? '2031-01-10';
  return {
    propertyId: '00000000-0000-4000-8000-000000000001',
    today,
    from: today,
    to: addDays(today, 365),
    unavailable: [],
    minStay: { default: 2, ranges: [] },
    ...overrides,
  };
}

interface QuoteOptions {
  checkIn?: IsoDate;
  checkOut?: IsoDate;
  /** Dollars per night. */
  nightly?: number;
  cleaningFee?: number;
  /** Percent. */
  taxRate?: number;
  taxName?: string;
  minStay?: number;
}

/** A quote priced like the server does it: nights plus cleaning fee, taxed once, in cents. */
export function createQuote({
  checkIn = '2031-02-03',
  checkOut = '2031-02-06',
  nightly = 450,
  cleaningFee = 250,
  taxRate = 12.27,
  taxName = 'Summit County lodging tax',
  minStay = 3,
}: QuoteOptions = {}): QuoteResponse {
  const nights = nightsBetween(checkIn, checkOut);
  const base = toCents(nightly) * nights;
  const fees = toCents(cleaningFee);
  const taxes = Math.round(((base + fees) * taxRate) / 100);
  return {
    checkin_date: checkIn,
    checkout_date: checkOut,
    nights,
    nightly: eachNight(checkIn, checkOut).map((date) => ({
      date,
      price: nightly,
      season: 'Ski season',
      weekend: false,
    })),
    basePrice: centsToDollars(base),
    fees: centsToDollars(fees),
    taxes: centsToDollars(taxes),
    taxLines: [{ name: taxName, jurisdiction: taxName, rate: taxRate, amount: centsToDollars(taxes) }],
    total: centsToDollars(base + fees + taxes),
    currency: 'usd',
    discounts: [],
    financials: {
      min_stay: minStay,
      cleaning_fee: cleaningFee,
      tax_rate: taxRate,
      tax_name: taxName,
      average_nightly: nightly,
    },
  };
}

export function createAvailableHome(overrides: Partial<AvailableHome> = {}): AvailableHome {
  const quote = createQuote();
  return {
    ...createPropertyCard(),
    quote: {
      nights: quote.nights,
      total: quote.total,
      basePrice: quote.basePrice,
      fees: quote.fees,
      taxes: quote.taxes,
      currency: 'usd',
      discounts: [],
    },
    ...overrides,
  };
}
