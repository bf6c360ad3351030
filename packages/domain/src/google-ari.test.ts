import { describe, expect, it } from 'vitest';
import { addDays, eachNight } from './dates.js';
import {
  ariMessages,
  ariStayTotal,
  buildAriSnapshot,
  compareTwin,
  diffAri,
  type AriMessageContext,
  type AriSnapshot,
} from './google-ari.js';
import { priceStay, type RateCard } from './pricing.js';
import { noDiscounts } from './promotions.js';

const today = '2027-01-04'; // a Monday
const rates: RateCard = {
  nightly: 20_000,
  weekend: 25_000,
  cleaningFee: 15_000,
  minStay: 2,
  taxRateBps: 1_227,
  taxName: 'Breckenridge lodging tax',
  seasons: [{ name: 'Ski', start: '2027-02-01', end: '2027-03-01', nightly: 40_000, weekend: 45_000, minStay: 4 }],
  discounts: { ...noDiscounts, weeklyBps: 1_000, lastMinute: { days: 7, bps: 1_500 } },
};
const taken = new Set(eachNight('2027-01-20', '2027-01-24'));
const snapshot = buildAriSnapshot({ rates, published: true, today, taken, maxGuests: 8, days: 90 });
const ctx: AriMessageContext = {
  hotelCode: 'SAS-1006',
  partner: 'p',
  timestamp: new Date('2027-01-04T12:00:00Z'),
  batchId: 'b1',
};

describe('the ARI snapshot', () => {
  it('holds each night at its weekend or seasonal rate, closed when taken, with the arrival minimum stay', () => {
    const night = (date: string) => snapshot.nights.find((n) => n.date === date);
    expect(night('2027-01-04')).toEqual({ date: '2027-01-04', rate: 20_000, open: true, minStay: 2 });
    expect(night('2027-01-08')?.rate).toBe(25_000);
    expect(night('2027-02-05')).toMatchObject({ rate: 45_000, minStay: 4 });
    expect(night('2027-01-20')?.open).toBe(false);
    expect(snapshot.promotions.map((p) => p.kind)).toEqual(['weekly', 'lastMinute']);
  });

  it('closes every night of an unpublished home or one without rates', () => {
    expect(
      buildAriSnapshot({ rates, published: false, today, taken, maxGuests: 8, days: 5 }).nights.every((n) => !n.open),
    ).toBe(true);
    expect(
      buildAriSnapshot({ rates: null, published: true, today, taken, maxGuests: 8, days: 5 }).nights.every(
        (n) => !n.open,
      ),
    ).toBe(true);
  });
});

describe('changes and messages', () => {
  it('sends only what differs from what Google holds, rates before the nights they open', () => {
    const next = buildAriSnapshot({
      rates: { ...rates, weekend: 26_000 },
      published: true,
      today,
      taken: new Set(),
      maxGuests: 8,
      days: 90,
    });
    const changes = diffAri(snapshot, next);
    expect(changes.rates.every((n) => [5, 6].includes(new Date(`${n.date}T00:00:00Z`).getUTCDay()))).toBe(true);
    expect(changes.avail.map((n) => n.date)).toEqual(eachNight('2027-01-20', '2027-01-24'));
    expect(changes.taxFee).toBe(false);
    expect(ariMessages(ctx, snapshot, next).map((m) => m.type)).toEqual(['rate', 'avail']);
    expect(ariMessages(ctx, null, next).map((m) => m.type)).toEqual(['rate', 'taxFee', 'promotions', 'avail']);
    expect(ariMessages(ctx, next, next)).toEqual([]);
  });

  it('writes date runs with the HotelCode, the TimeStamp and amounts before tax', () => {
    const [rate, tax, promotions, avail] = ariMessages(ctx, null, snapshot);
    expect(rate?.body).toContain('<RateAmountMessages HotelCode="SAS-1006">');
    expect(rate?.body).toContain('TimeStamp="2027-01-04T12:00:00.000Z"');
    expect(rate?.body).toContain(
      '<StatusApplicationControl Start="2027-01-04" End="2027-01-07" InvTypeCode="HOME" RatePlanCode="DIRECT"/>',
    );
    expect(rate?.body).toContain('AmountBeforeTax="200.00" CurrencyCode="USD"');
    expect(tax?.body).toContain('<Amount>12.27</Amount>');
    expect(tax?.body).toContain('<Amount currency="USD">150.00</Amount>');
    expect(promotions?.body).toContain('<Promotion id="weekly"><LengthOfStay min="7" max="30"/>');
    expect(promotions?.body).toContain('<Promotion id="lastMinute"><BookingWindow max="7"/>');
    expect(avail?.body).toContain('<RestrictionStatus Status="Close"/>');
    expect(avail?.body).toContain('<LengthOfStay MinMaxMessageType="SetMinLOS" Time="4"/>');
  });
});

describe('totals by the ARI and the twin', () => {
  it('implies the quote engine’s total, discounts and tax included', () => {
    for (const [checkIn, nights] of [
      ['2027-01-05', 3],
      ['2027-01-25', 8],
      ['2027-02-03', 5],
    ] as const) {
      const checkOut = addDays(checkIn, nights);
      const ari = ariStayTotal(snapshot, checkIn, checkOut, today);
      const site = priceStay({
        checkIn,
        checkOut,
        guests: { adults: 2, children: 0, infants: 0, pets: 0 },
        rates,
        today,
        unavailableNights: taken,
        maxGuests: 8,
        petsAllowed: false,
      });
      expect(ari.ok && site.ok).toBe(true);
      if (ari.ok && site.ok) {
        expect(ari.total).toBe(site.quote.total);
        expect(ari.base).toBe(site.quote.base);
      }
    }
    expect(ariStayTotal(snapshot, '2027-01-19', '2027-01-22', today)).toEqual({ ok: false, reason: 'closed' });
    expect(ariStayTotal(snapshot, '2027-02-02', '2027-02-04', today)).toEqual({
      ok: false,
      reason: 'below the minimum stay',
    });
  });

  it('checks only the stays inside the dates Google holds, a day later included', () => {
    const home = { propertyId: 'SAS-1006', rates, published: true, taken, maxGuests: 8, petsAllowed: false };
    const tomorrow = addDays(today, 1);
    const result = compareTwin({ ...home, sent: snapshot }, tomorrow, 90);
    expect(result.mismatches).toEqual([]);
    expect(result.itineraries).toBeLessThan(compareTwin({ ...home, sent: snapshot }, today, 90).itineraries);
  });

  it('agrees with itself and reports a night sent at another price', () => {
    const home = { propertyId: 'SAS-1006', rates, published: true, taken, maxGuests: 8, petsAllowed: false };
    expect(compareTwin({ ...home, sent: snapshot }, today, 90).mismatches).toEqual([]);
    const wrong = JSON.parse(JSON.stringify(snapshot)) as AriSnapshot;
    wrong.nights[10]!.rate += 100;
    const { mismatches, itineraries } = compareTwin({ ...home, sent: wrong }, today, 90);
    expect(itineraries).toBeGreaterThan(2_000);
    expect(mismatches.length).toBeGreaterThan(0);
    expect(
      mismatches.every(
        (m) =>
          m.reason === 'price differs' && m.checkIn <= wrong.nights[10]!.date && wrong.nights[10]!.date < m.checkOut,
      ),
    ).toBe(true);
  });

  it('offers Google no stay a tax line exempts, and then agrees with the site on every stay it offers', () => {
    // Colorado's lines stop at 30 nights (issue 29): a percent Google is told cannot stop there.
    const lined: RateCard = {
      ...rates,
      taxLines: [
        {
          name: 'State',
          jurisdiction: 'Colorado',
          rateBps: 290,
          cleaningTaxable: true,
          addOnsTaxable: false,
          exemptFromNights: 30,
        },
        {
          name: 'Town',
          jurisdiction: 'Breckenridge',
          rateBps: 937,
          cleaningTaxable: true,
          addOnsTaxable: false,
          exemptFromNights: 30,
        },
      ],
    };
    const sent = buildAriSnapshot({ rates: lined, published: true, today, taken, maxGuests: 8, days: 90 });
    expect(sent.maxStay).toBe(29);
    expect(sent.taxRateBps).toBe(1_227);
    expect(ariMessages(ctx, null, sent).find((m) => m.type === 'avail')?.body).toContain('SetMaxLOS" Time="29"');
    const home = { propertyId: 'SAS-1006', rates: lined, published: true, taken, maxGuests: 8, petsAllowed: false };
    expect(compareTwin({ ...home, sent }, today, 90).mismatches).toEqual([]);
    // A home whose maximum moves is sent every night's availability again, with the new maximum.
    const before = buildAriSnapshot({ rates, published: true, today, taken, maxGuests: 8, days: 90 });
    expect(diffAri(before, sent).avail).toHaveLength(sent.nights.length);
  });
});
