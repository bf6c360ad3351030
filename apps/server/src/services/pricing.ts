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
  /**
   * `body`: the answer's JSON in UTF-8, an array of AvailableHome (the listing
   * card with its `quote`), kept as bytes so a repeated answer is not encoded again.
   */
  { status: 'ok'; body: Buffer; count: number } | { status: 'rejected'; error: PricingError };

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

/** Today in each zone of a rate snapshot, as of one minute of UTC. */
interface Todays {
  /** Epoch minute they are for. */
  minute: number;
  byZone: ReadonlyMap<string, IsoDate>;
  /** The earliest of them (judges the date rules common to every home). */
  earliest: IsoDate;
  /** Joined, for the keys of priced stays. */
  key: string;
}

const todaysKept = new WeakMap<RateSnapshot, Todays>();

/**
 * Today in every zone of the snapshot's homes, worked out once a minute
 * rather than on every search (Intl's formatting was a tenth of a search at
 * 25 homes): every zone's offset is a whole number of minutes, so a zone's
 * date only changes on a minute of UTC.
 */
function todaysOf(rates: RateSnapshot, now: Date): Todays {
  const minute = Math.floor(now.getTime() / 60_000);
  const kept = todaysKept.get(rates);
  if (kept?.minute === minute) return kept;
  const byZone = new Map(rates.timeZones.map((zone) => [zone, todayIn(zone, now)]));
  const todays: Todays = {
    minute,
    byZone,
    earliest: [...byZone.values()].sort()[0] ?? todayIn('UTC', now),
    key: [...byZone.values()].join(' '),
  };
  todaysKept.set(rates, todays);
  return todays;
}

/**
 * A number for each priced list and each set of taken homes met, never
 * reused: an answer names what it was made from without holding it.
 */
const madeFromIds = new WeakMap<object, number>();
let lastMadeFromId = 0;
function madeFromId(made: object): number {
  let id = madeFromIds.get(made);
  if (id === undefined) {
    id = ++lastMadeFromId;
    madeFromIds.set(made, id);
  }
  return id;
}

/** One answer of the search as JSON bytes, and what it was made from. */
interface Answer {
  /** madeFromId of the priced homes and of the taken homes. */
  priced: number;
  taken: number;
  body: Buffer;
  count: number;
}

/**
 * Answers kept by dates, party size, pets and location, most recently used
 * last. An answer is a pure function of its priced homes and its taken homes,
 * neither ever changed once made: it is used only while the search gets those
 * very ones again, so a new snapshot, a change to stays or a lapsed hold (each
 * a new list or set) is never answered from before it.
 */
const answers = new Map<string, Answer>();
/** Bytes of kept answers at most (some 160 answers at 500 homes), and answers at most. */
const maxAnswerBytes = 16 * 1024 * 1024;
const maxAnswers = 4_096;
let answerBytes = 0;

function keepAnswer(key: string, answer: Answer): void {
  const old = answers.get(key);
  if (old) {
    answers.delete(key);
    answerBytes -= old.body.length;
  }
  if (answer.body.length > maxAnswerBytes) return;
  while (answers.size >= maxAnswers || answerBytes + answer.body.length > maxAnswerBytes) {
    const oldest = answers.entries().next().value;
    if (!oldest) break;
    answers.delete(oldest[0]);
    answerBytes -= oldest[1].body.length;
  }
  answers.set(key, answer);
  answerBytes += answer.body.length;
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
  const todays = todaysOf(rates, now);
  // A date rule common to every home (check-in in the past) is judged with the
  // earliest today, so a check-in still today somewhere is not refused for all.
  const dateError = checkStayDates(search.checkIn, search.checkOut, todays.earliest);
  if (dateError) return { status: 'rejected', error: dateError };

  const [taken, cards] = await Promise.all([
    takenHomes.get(db, search.checkIn, search.checkOut, now),
    catalog.current(),
  ]);
  const known = pricedStaysOf(rates, cards);
  const key = `${search.checkIn} ${search.checkOut} ${todays.key}`;
  let priced = known.get(key);
  if (priced) {
    known.delete(key);
  } else {
    priced = priceDates(rates, cards, search.checkIn, search.checkOut, todays.byZone);
    if (known.size >= Math.max(1, Math.floor(maxPricedHomes / Math.max(1, rates.homes.length)))) {
      known.delete(known.keys().next().value ?? '');
    }
  }
  known.set(key, priced);

  const state = search.location === 'all' ? null : locationStates[search.location];
  // Infants do not count towards capacity (see priceStay).
  const party = search.adults + search.children;
  const pets = search.pets > 0;
  const answerKey = `${key} ${party} ${pets} ${state}`;
  const made = { priced: madeFromId(priced), taken: madeFromId(taken) };
  const kept = answers.get(answerKey);
  if (kept?.priced === made.priced && kept.taken === made.taken) {
    answers.delete(answerKey);
    answers.set(answerKey, kept);
    return { status: 'ok', body: kept.body, count: kept.count };
  }
  const texts: string[] = [];
  for (const home of priced) {
    if (home.maxGuests < party || (pets && !home.petsAllowed)) continue;
    if ((state !== null && home.state !== state) || taken.has(home.id)) continue;
    // The quote as the card's last field, as availableHomeSchema orders them.
    texts.push(`${home.card},"quote":${home.quote}}`);
  }
  const body = Buffer.from(`[${texts.join(',')}]`);
  keepAnswer(answerKey, { ...made, body, count: texts.length });
  return { status: 'ok', body, count: texts.length };
}
