// Quotes, the property calendar and the availability search, priced by
// @sas/domain's priceStay from the rate tables every process keeps in memory
// (services/rate-tables.ts, ADR 018) and the taken nights, which are always
// read live from the stays table: one query per request, whatever the size
// of the catalogue. The server prices from its own tables only; nothing the
// browser sends about money is used (ADR 007).
import type { Database } from '@sas/db';
import {
  addDays,
  centsToDollars,
  checkStayDates,
  discountsToApi,
  defaultCalendarDays,
  defaultMinStay,
  maxCalendarDays,
  nightsBetween,
  priceStay,
  todayIn,
  type CalendarResponse,
  type Guests,
  type IsoDate,
  type PricingError,
  type PricingErrorCode,
  type PropertyRef,
  type Quote,
  type SearchLocation,
} from '@sas/domain';
import type { SQL } from 'drizzle-orm';
import { takenNights } from './availability.js';
import { collectionsOf, resolvePromo } from './promotions/rules.js';
import type { CatalogCache, CatalogSnapshot } from './catalog-cache.js';
import type { RateSnapshot, RateTables } from './rate-tables.js';
import type { TakenHomesCache } from './taken-homes.js';

/** Where prices come from: the rate tables in memory, the taken nights from the database. */
export interface PricingSource {
  db: Database;
  rates: RateTables;
}

// Quote ------------------------------------------------------------------------

export interface StayRequest {
  checkIn: IsoDate;
  checkOut: IsoDate;
  guests: Guests;
  /** A promo code the guest typed (issue 26); a refused one keeps the price and says why. */
  promoCode?: string | undefined;
  /** The guest's e-mail when known (the payment step): a code's uses per guest count by it. */
  email?: string | null | undefined;
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
 * Prices a stay at one home from its rates and calendar.
 * Stays matching `ownHolds` count as free: the guest's own holds, which
 * their new payment attempt replaces.
 */
export async function quoteStay(
  { db, rates: tables }: PricingSource,
  ref: PropertyRef,
  stay: StayRequest,
  now: Date,
  ownHolds?: SQL,
): Promise<QuoteOutcome> {
  const home = await tables.find(ref);
  if (!home?.published) return { status: 'not_found' };
  const today = todayIn(home.timeZone, now);
  // Checked before any query: a backwards range is not even a valid daterange.
  const dateError = checkStayDates(stay.checkIn, stay.checkOut, today);
  if (dateError) return { status: 'rejected', error: dateError };

  if (!home.rates) return { status: 'rejected', error: notBookable };
  // With gap nights on, the nights either side tell whether the stay fills a gap.
  const gapWindow = home.rates.discounts?.gapNights ? 1 : 0;
  const [taken, promo] = await Promise.all([
    takenNights(db, home.id, addDays(stay.checkIn, -gapWindow), addDays(stay.checkOut, gapWindow), ownHolds),
    resolvePromo(db, stay.promoCode, stay.email, ownHolds),
  ]);
  const limited = promo && 'rule' in promo && promo.rule.collections.length > 0;
  const result = priceStay({
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: stay.guests,
    rates: home.rates,
    today,
    unavailableNights: taken,
    maxGuests: home.maxGuests,
    petsAllowed: home.petsAllowed,
    promo,
    home: { homeId: home.id, collections: limited ? await collectionsOf(db, home.id) : [] },
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
  { db, rates: tables }: PricingSource,
  ref: PropertyRef,
  window: { from?: IsoDate | undefined; to?: IsoDate | undefined },
  now: Date,
): Promise<CalendarOutcome> {
  const home = await tables.find(ref);
  if (!home?.published) return { status: 'not_found' };
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

  // Seasons sharing a night with [from, to), whole, in date order.
  const seasons = (home.rates?.seasons ?? []).filter((season) => season.start < to && season.end > from);
  return {
    status: 'ok',
    calendar: {
      propertyId: home.id,
      today,
      from,
      to,
      unavailable: await takenNights(db, home.id, from, to),
      minStay: {
        default: home.rates?.minStay ?? defaultMinStay,
        ranges: seasons.map(({ start, end, minStay }) => ({ start, end, minStay })),
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

export type SearchOutcome =
  /** `json`: the answer's JSON text, an array of AvailableHome (the listing card with its `quote`). */
  { status: 'ok'; json: string; count: number } | { status: 'rejected'; error: PricingError };

/** Which homes a search location covers, by state. */
const locationStates: Record<Exclude<SearchLocation, 'all'>, string> = { breckenridge: 'CO', michigan: 'MI' };

/**
 * The `quote` of an AvailableHome as JSON text, keys in the order of
 * searchQuoteSchema, as the response serialiser writes them.
 */
function searchQuoteJson(quote: Quote): string {
  return JSON.stringify({
    nights: quote.nights,
    total: centsToDollars(quote.total),
    basePrice: centsToDollars(quote.base),
    fees: centsToDollars(quote.fees),
    taxes: centsToDollars(quote.taxes),
    currency: quote.currency,
    discounts: discountsToApi(quote.discounts),
  });
}

/**
 * A home that takes a stay of these dates, priced. A stay's price does not
 * depend on the party (see priceStay: guests only decide whether the home
 * takes them), so one pricing of the dates serves every party; capacity,
 * pets and location are filtered per search.
 */
interface PricedHome {
  id: string;
  maxGuests: number;
  petsAllowed: boolean;
  state: string;
  /** The card's text without its closing brace. */
  card: string;
  /** The `quote` field's text. */
  quote: string;
}

/**
 * Priced stays of one pair of snapshots, by dates (and each zone's today),
 * most recently used last. Prices depend only on the rate tables, the order
 * of equal prices on the cards' names: a new snapshot of either starts with
 * none, so they need no invalidation of their own. Taken nights are never
 * part of them.
 */
const pricedStays = new WeakMap<RateSnapshot, WeakMap<CatalogSnapshot, Map<string, PricedHome[]>>>();
/** Priced homes kept per pair of snapshots, whatever their number of dates: about 20 MB at most. */
const maxPricedHomes = 131_072;

function pricedStaysOf(rates: RateSnapshot, cards: CatalogSnapshot): Map<string, PricedHome[]> {
  let byCatalog = pricedStays.get(rates);
  if (!byCatalog) {
    byCatalog = new WeakMap();
    pricedStays.set(rates, byCatalog);
  }
  let stays = byCatalog.get(cards);
  if (!stays) {
    stays = new Map();
    byCatalog.set(cards, stays);
  }
  return stays;
}

/** Any party a home can take: pricing a stay for it prices it for all (see PricedHome). */
const anyParty = { adults: 1, children: 0, infants: 0, pets: 0 } as const;

/**
 * Every home with rates that takes a stay of these dates, priced as if each
 * night were free, cheapest first: pure arithmetic on the snapshots.
 */
function priceDates(
  rates: RateSnapshot,
  cards: CatalogSnapshot,
  checkIn: IsoDate,
  checkOut: IsoDate,
  todays: ReadonlyMap<string, IsoDate>,
): PricedHome[] {
  const found: (PricedHome & { name: string; total: number })[] = [];
  for (const home of rates.homes) {
    const card = cards.cards.get(home.id);
    if (!home.rates || !card) continue;
    const result = priceStay({
      checkIn,
      checkOut,
      guests: anyParty,
      rates: home.rates,
      today: todays.get(home.timeZone) ?? checkIn,
      // Homes with a taken night are left out of each answer.
      unavailableNights: [],
      maxGuests: home.maxGuests,
      petsAllowed: home.petsAllowed,
    });
    if (!result.ok) continue;
    found.push({
      id: home.id,
      maxGuests: home.maxGuests,
      petsAllowed: home.petsAllowed,
      state: home.state,
      card: card.json.slice(0, -1),
      quote: searchQuoteJson(result.quote),
      name: card.card.name,
      total: result.quote.total,
    });
  }
  // Cheapest first, compared in cents; equal totals in a stable, meaningful order.
  found.sort((a, b) => a.total - b.total || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return found.map(({ name: _name, total: _total, ...home }) => home);
}

/**
 * Homes free for the whole stay that fit the party, priced and cheapest
 * first. Capacity, pets, location and prices come from the rate tables in
 * memory, and the dates of a stay are priced once per snapshot for every
 * home; which homes have a taken night in the stay is one query for all of
 * them, kept in memory until a stay changes or a hold lapses (taken-homes.ts). A home whose own rules refuse the stay (e.g. its
 * minimum stay) is left out. The answer is JSON text built from the cards'
 * stored texts.
 */
export async function searchAvailability(
  { db, rates: tables, catalog, takenHomes }: PricingSource & { catalog: CatalogCache; takenHomes: TakenHomesCache },
  search: SearchRequest,
  now: Date,
): Promise<SearchOutcome> {
  const rates = await tables.current();
  const todays = new Map(rates.timeZones.map((zone) => [zone, todayIn(zone, now)]));
  const earliest = [...todays.values()].sort()[0] ?? todayIn('UTC', now);
  // A date rule common to every home (check-in in the past) is judged with the
  // earliest today, so a check-in still today somewhere is not refused for all.
  const dateError = checkStayDates(search.checkIn, search.checkOut, earliest);
  if (dateError) return { status: 'rejected', error: dateError };

  const [taken, cards] = await Promise.all([
    takenHomes.get(db, search.checkIn, search.checkOut, now),
    catalog.current(),
  ]);
  const known = pricedStaysOf(rates, cards);
  const key = [search.checkIn, search.checkOut, ...todays.values()].join(' ');
  let priced = known.get(key);
  if (priced) {
    known.delete(key);
  } else {
    priced = priceDates(rates, cards, search.checkIn, search.checkOut, todays);
    if (known.size >= Math.max(1, Math.floor(maxPricedHomes / Math.max(1, rates.homes.length)))) {
      known.delete(known.keys().next().value ?? '');
    }
  }
  known.set(key, priced);

  const state = search.location === 'all' ? null : locationStates[search.location];
  // Infants do not count towards capacity (see priceStay).
  const party = search.adults + search.children;
  const texts: string[] = [];
  for (const home of priced) {
    if (home.maxGuests < party || (search.pets > 0 && !home.petsAllowed)) continue;
    if ((state !== null && home.state !== state) || taken.has(home.id)) continue;
    // The quote as the card's last field, as availableHomeSchema orders them.
    texts.push(`${home.card},"quote":${home.quote}}`);
  }
  return { status: 'ok', json: `[${texts.join(',')}]`, count: texts.length };
}
