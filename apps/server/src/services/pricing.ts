// Quotes, the property calendar and the availability search: rates and taken
// nights read from the database, priced by @sas/domain's priceStay. The
// server prices from its own tables only; nothing the browser sends about
// money is used (ADR 007).
import { properties, propertyRates, seasonalRates, stays, taxJurisdictions, type Database } from '@sas/db';
import {
  addDays,
  centsToDollars,
  checkStayDates,
  defaultCalendarDays,
  defaultMinStay,
  maxCalendarDays,
  nightsBetween,
  priceStay,
  todayIn,
  type AvailableHome,
  type CalendarResponse,
  type Guests,
  type IsoDate,
  type PricingError,
  type PricingErrorCode,
  type PropertyCard,
  type PropertyRef,
  type Quote,
  type RateCard,
  type SearchLocation,
} from '@sas/domain';
import { and, asc, eq, gt, gte, inArray, lt, notExists, sql, type SQL } from 'drizzle-orm';
import { findBookableHome, occupiesNights, overlapsNights, takenNights } from './availability.js';
import { listPropertyCards } from './catalog.js';

const rateColumns = {
  propertyId: propertyRates.propertyId,
  nightly: propertyRates.nightlyCents,
  weekend: propertyRates.weekendCents,
  cleaningFee: propertyRates.cleaningFeeCents,
  minStay: propertyRates.minStay,
  taxRateBps: taxJurisdictions.rateBps,
  taxName: taxJurisdictions.name,
};

type SeasonRow = typeof seasonalRates.$inferSelect;

function toSeason(row: SeasonRow): RateCard['seasons'][number] {
  return {
    name: row.name,
    start: row.startDate,
    end: row.endDate,
    nightly: row.nightlyCents,
    weekend: row.weekendCents,
    minStay: row.minStay,
  };
}

/** Seasons of these homes sharing a night with [from, to), by home, in date order. */
async function seasonsByHome(
  db: Database,
  propertyIds: readonly string[],
  from: IsoDate,
  to: IsoDate,
): Promise<Map<string, SeasonRow[]>> {
  const byHome = new Map<string, SeasonRow[]>();
  if (propertyIds.length === 0) return byHome;
  const rows = await db
    .select()
    .from(seasonalRates)
    .where(
      and(
        inArray(seasonalRates.propertyId, [...propertyIds]),
        lt(seasonalRates.startDate, to),
        gt(seasonalRates.endDate, from),
      ),
    )
    .orderBy(asc(seasonalRates.startDate));
  for (const row of rows) {
    const list = byHome.get(row.propertyId);
    if (list) list.push(row);
    else byHome.set(row.propertyId, [row]);
  }
  return byHome;
}

/** A home's rates with the seasons that touch [from, to); null when the home has no rates. */
async function loadRateCard(db: Database, propertyId: string, from: IsoDate, to: IsoDate): Promise<RateCard | null> {
  const [rates] = await db
    .select(rateColumns)
    .from(propertyRates)
    .innerJoin(taxJurisdictions, eq(taxJurisdictions.id, propertyRates.taxJurisdictionId))
    .where(eq(propertyRates.propertyId, propertyId))
    .limit(1);
  if (!rates) return null;
  const seasons = (await seasonsByHome(db, [propertyId], from, to)).get(propertyId) ?? [];
  return { ...rates, seasons: seasons.map(toSeason) };
}

// Quote ------------------------------------------------------------------------

export interface StayRequest {
  checkIn: IsoDate;
  checkOut: IsoDate;
  guests: Guests;
}

export interface QuoteRejection {
  code: PricingErrorCode | 'not_bookable';
  message: string;
}

export type QuoteOutcome =
  { status: 'ok'; quote: Quote } | { status: 'not_found' } | { status: 'rejected'; error: QuoteRejection };

const notBookable: QuoteRejection = {
  code: 'not_bookable',
  message: 'This home cannot be booked online yet. Please call us to reserve it.',
};

/**
 * Prices a stay at one home from the database's rates and calendar.
 * `ignoreStayIds` are stays whose nights count as free (a guest's own hold
 * that their new payment attempt replaces).
 */
export async function quoteStay(
  db: Database,
  ref: PropertyRef,
  stay: StayRequest,
  now: Date = new Date(),
  ignoreStayIds: readonly string[] = [],
): Promise<QuoteOutcome> {
  const home = await findBookableHome(db, ref);
  if (!home) return { status: 'not_found' };
  const today = todayIn(home.timeZone, now);
  // Checked before any query: a backwards range is not even a valid daterange.
  const dateError = checkStayDates(stay.checkIn, stay.checkOut, today);
  if (dateError) return { status: 'rejected', error: dateError };

  const rates = await loadRateCard(db, home.id, stay.checkIn, stay.checkOut);
  if (!rates) return { status: 'rejected', error: notBookable };
  const result = priceStay({
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: stay.guests,
    rates,
    today,
    unavailableNights: await takenNights(db, home.id, stay.checkIn, stay.checkOut, ignoreStayIds),
    maxGuests: home.maxGuests,
    petsAllowed: home.petsAllowed,
  });
  return result.ok ? { status: 'ok', quote: result.quote } : { status: 'rejected', error: result.error };
}

// Calendar ---------------------------------------------------------------------

export type CalendarOutcome =
  { status: 'ok'; calendar: CalendarResponse } | { status: 'not_found' } | { status: 'invalid'; message: string };

/**
 * Taken nights and minimum stays of a home over [from, to). `from` defaults
 * to today where the home is, `to` to a year later.
 */
export async function propertyCalendar(
  db: Database,
  ref: PropertyRef,
  window: { from?: IsoDate | undefined; to?: IsoDate | undefined },
  now: Date = new Date(),
): Promise<CalendarOutcome> {
  const home = await findBookableHome(db, ref);
  if (!home) return { status: 'not_found' };
  const today = todayIn(home.timeZone, now);
  const from = window.from ?? today;
  const to = window.to ?? addDays(from, defaultCalendarDays);
  const days = nightsBetween(from, to);
  if (days < 1) return { status: 'invalid', message: `to (${to}) must be after from (${from})` };
  if (days > maxCalendarDays) {
    return {
      status: 'invalid',
      message: `A calendar covers at most ${maxCalendarDays} days; ask for a shorter range than ${from} to ${to}`,
    };
  }

  const rates = await loadRateCard(db, home.id, from, to);
  return {
    status: 'ok',
    calendar: {
      propertyId: home.id,
      today,
      from,
      to,
      unavailable: await takenNights(db, home.id, from, to),
      minStay: {
        default: rates?.minStay ?? defaultMinStay,
        ranges: (rates?.seasons ?? []).map(({ start, end, minStay }) => ({ start, end, minStay })),
      },
    },
  };
}

// Availability search ------------------------------------------------------------

export interface SearchRequest {
  checkIn: IsoDate;
  checkOut: IsoDate;
  adults: number;
  children: number;
  infants: number;
  pets: number;
  location: SearchLocation;
}

export type SearchOutcome = { status: 'ok'; homes: AvailableHome[] } | { status: 'rejected'; error: PricingError };

/** Which homes a search location covers, by state. */
const locationStates: Record<Exclude<SearchLocation, 'all'>, string> = { breckenridge: 'CO', michigan: 'MI' };

/**
 * The earliest "today" among the homes' time zones. A date rule common to
 * every home (check-in in the past) is judged with it, so a check-in that is
 * still today somewhere is not refused for all; each home then applies its own.
 */
async function earliestToday(db: Database, now: Date): Promise<IsoDate> {
  const zones = await db.selectDistinct({ timeZone: properties.timeZone }).from(properties);
  const todays = zones.map((z) => todayIn(z.timeZone, now)).sort();
  return todays[0] ?? todayIn('UTC', now);
}

/**
 * Homes free for the whole stay that fit the party, priced and cheapest
 * first. Availability, capacity, pets and location are decided in one SQL
 * query for all homes; each candidate is then priced, and a home whose own
 * rules refuse the stay (e.g. its minimum stay) is left out.
 */
export async function searchAvailability(
  db: Database,
  search: SearchRequest,
  now: Date = new Date(),
): Promise<SearchOutcome> {
  const dateError = checkStayDates(search.checkIn, search.checkOut, await earliestToday(db, now));
  if (dateError) return { status: 'rejected', error: dateError };

  const conditions: SQL[] = [
    // Infants do not count towards capacity (see priceStay).
    gte(properties.maxGuests, search.adults + search.children),
    notExists(
      db
        .select({ one: sql`1` })
        .from(stays)
        .where(
          and(eq(stays.propertyId, properties.id), occupiesNights(), overlapsNights(search.checkIn, search.checkOut)),
        ),
    ),
  ];
  if (search.pets > 0) conditions.push(eq(properties.petsAllowed, true));
  if (search.location !== 'all') conditions.push(eq(properties.state, locationStates[search.location]));

  const candidates = await db
    .select({
      ...rateColumns,
      timeZone: properties.timeZone,
      maxGuests: properties.maxGuests,
      petsAllowed: properties.petsAllowed,
    })
    .from(properties)
    .innerJoin(propertyRates, eq(propertyRates.propertyId, properties.id))
    .innerJoin(taxJurisdictions, eq(taxJurisdictions.id, propertyRates.taxJurisdictionId))
    .where(and(...conditions));

  const ids = candidates.map((c) => c.propertyId);
  const seasons = await seasonsByHome(db, ids, search.checkIn, search.checkOut);
  const priced: { home: (typeof candidates)[number]; quote: Quote }[] = [];
  for (const home of candidates) {
    const result = priceStay({
      checkIn: search.checkIn,
      checkOut: search.checkOut,
      guests: search,
      rates: { ...home, seasons: (seasons.get(home.propertyId) ?? []).map(toSeason) },
      today: todayIn(home.timeZone, now),
      // Homes with a taken night were already excluded by the query.
      unavailableNights: [],
      maxGuests: home.maxGuests,
      petsAllowed: home.petsAllowed,
    });
    if (result.ok) priced.push({ home, quote: result.quote });
  }

  const cards = await listPropertyCards(
    db,
    priced.map((p) => p.home.propertyId),
  );
  const homes: { card: PropertyCard; quote: Quote }[] = [];
  for (const { home, quote } of priced) {
    const card = cards.get(home.propertyId);
    if (card) homes.push({ card, quote });
  }
  // Cheapest first, compared in cents; equal totals in a stable, meaningful order.
  homes.sort(
    (a, b) =>
      a.quote.total - b.quote.total || a.card.name.localeCompare(b.card.name) || a.card.id.localeCompare(b.card.id),
  );
  return {
    status: 'ok',
    homes: homes.map(({ card, quote }) => ({
      ...card,
      quote: {
        nights: quote.nights,
        total: centsToDollars(quote.total),
        basePrice: centsToDollars(quote.base),
        fees: centsToDollars(quote.fees),
        taxes: centsToDollars(quote.taxes),
        currency: quote.currency,
      },
    })),
  };
}
