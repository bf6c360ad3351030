// A believable year of demo business (ADR 040), so that a fresh `npm start`
// shows what the console is for: the last twelve months of stays, the next
// five months' bookings, owners' own stays, guests' reviews of some past
// stays and two owner inquiries. This file only plans it: who stays at which
// home, when, with whom, with which add-ons and how they pay, dated from the
// `now` it is given and drawn from seeded generators, so the same `now`
// always plans the same year. The server writes the plan
// (apps/server/src/services/demo) through the booking path's own record
// functions, pricing every stay from the home's rates.
//
// Marked so nothing takes it for real business: booking codes start SAS-DEM
// (a real booking never gets one), guests have example.com addresses, review
// ids start rv-demo-.
import { type Random, createRandom } from '@sas/demo-media';
import {
  addDays,
  addOnCatalogue,
  bookingCodeAlphabet,
  demoBookingCodePrefix,
  installmentsMinDaysBeforeCheckIn,
  nightsBetween,
  todayIn,
  type IsoDate,
} from '@sas/domain';
import { type Region, towns } from './areas.js';
import { homes as homeSeeds } from './homes.js';
import { firstNames, lastNames, reviewWriter } from './reviews.js';

/** A home the plan may fill, as the database has it. */
export interface DemoHome {
  /** The home's UUID. */
  id: string;
  /** Its listing number, e.g. SAS-1001. */
  propertyId: string;
  timeZone: string;
  maxGuests: number;
  petsAllowed: boolean;
  /** It asks for a security deposit: the plan makes sure one of these has a deposit held now. */
  deposit: boolean;
  /** It has six or more reviews already: only those get demo reviews, so a home marked NEW stays new. */
  reviewed: boolean;
  /** The minimum stay for a check-in on this date (its season's). */
  minStay(checkIn: IsoDate): number;
}

export interface DemoGuest {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export interface DemoParty {
  adults: number;
  children: number;
  infants: number;
  pets: number;
}

export interface DemoReview {
  id: string;
  guestName: string;
  platform: 'Direct';
  rating: number;
  reviewText: string;
  /** As the Direct platform writes dates: M/D/YYYY. */
  reviewedAtDate: string;
}

export interface DemoBooking {
  code: string;
  homeId: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  bookedAt: Date;
  guest: DemoGuest;
  party: DemoParty;
  /** Catalogue add-ons booked with the stay (the server schedules them on the stay's days). */
  addOns: { id: number; option?: string }[];
  plan: 'full' | 'installments';
  /** When the guest cancelled it (refunded by the policy then); null for a stay that happened or will. */
  cancelledAt: Date | null;
  review: DemoReview | null;
}

/** An owner's own stay ("Owner stay" on the calendar). */
export interface DemoOwnerBlock {
  homeId: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
}

export interface DemoInquiry {
  name: string;
  email: string;
  phone: string;
  propertyLocation: string;
  bedrooms: number;
  message: string;
  status: 'new' | 'contacted';
  notes: string;
  createdAt: Date;
}

export interface DemoHistory {
  /** In booking order. */
  bookings: DemoBooking[];
  ownerBlocks: DemoOwnerBlock[];
  inquiries: DemoInquiry[];
}

/** How far back and ahead the plan reaches, in days from today. */
export const demoHistoryDays = { past: 365, ahead: 150 } as const;

const dayMs = 86_400_000;
const hourMs = 3_600_000;

/**
 * Share of a month's nights booked at each kind of home: mountain homes fill
 * in the ski season and summer, lake homes in summer.
 */
const seasonality: Record<Region, readonly number[]> = {
  //          Jan   Feb   Mar   Apr   May   Jun   Jul   Aug   Sep   Oct   Nov   Dec
  mountain: [0.58, 0.62, 0.56, 0.22, 0.1, 0.36, 0.5, 0.45, 0.28, 0.18, 0.15, 0.54],
  lake: [0.07, 0.08, 0.1, 0.13, 0.28, 0.54, 0.68, 0.64, 0.33, 0.2, 0.1, 0.12],
};

/** Of the nights ahead, the share booked so far: most of next month, little five months out. */
function bookedSoFar(daysAhead: number): number {
  if (daysAhead <= 0) return 1;
  return Math.max(0.04, (1 - daysAhead / (demoHistoryDays.ahead + 20)) ** 1.4);
}

function regionOf(home: DemoHome): Region {
  const seed = homeSeeds.find((h) => h.code === home.propertyId);
  if (seed) return towns[seed.town].region;
  return home.timeZone === 'America/Denver' ? 'mountain' : 'lake';
}

function monthOf(date: IsoDate): number {
  return Number(date.slice(5, 7)) - 1;
}

function drawNights(rng: Random): number {
  const r = rng.next();
  if (r < 0.08) return 2;
  if (r < 0.26) return 3;
  if (r < 0.46) return 4;
  if (r < 0.6) return 5;
  if (r < 0.7) return 6;
  if (r < 0.92) return 7;
  return rng.int(8, 10);
}

/** Days between booking and check-in. */
function drawLead(rng: Random): number {
  const r = rng.next();
  if (r < 0.25) return rng.int(2, 14);
  if (r < 0.65) return rng.int(15, 60);
  if (r < 0.9) return rng.int(61, 120);
  return rng.int(121, 240);
}

/** Letters only, lower case: "O’Brien" -> "obrien", "García" -> "garcia". */
function mailbox(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

const areaCodes = ['303', '312', '616', '720', '847', '970', '214', '612', '248', '415'] as const;

function drawGuest(rng: Random): DemoGuest {
  const firstName = rng.pick(firstNames);
  const lastName = rng.pick(lastNames);
  return {
    firstName,
    lastName,
    email: `${mailbox(firstName)}.${mailbox(lastName)}@example.com`,
    // 555-0100 to 555-0199: the numbers set aside for fiction.
    phoneNumber: `+1 ${rng.pick(areaCodes)} 555 01${String(rng.int(0, 99)).padStart(2, '0')}`,
  };
}

function drawParty(home: DemoHome, rng: Random): DemoParty {
  const adults = Math.min(home.maxGuests, rng.pick([1, 2, 2, 2, 2, 2, 3, 4, 4, 5, 6]));
  const room = home.maxGuests - adults;
  const children = room > 0 && rng.chance(0.4) ? rng.int(1, Math.min(3, room)) : 0;
  return {
    adults,
    children,
    infants: rng.chance(0.08) ? 1 : 0,
    pets: home.petsAllowed && rng.chance(0.2) ? 1 : 0,
  };
}

function drawAddOns(party: DemoParty, chance: number, rng: Random): DemoBooking['addOns'] {
  if (!rng.chance(chance)) return [];
  const offered = addOnCatalogue.filter((addOn) => addOn.id !== 5 || party.infants > 0);
  return rng
    .sample(offered, rng.chance(0.7) ? 1 : 2)
    .sort((a, b) => a.id - b.id)
    .map((addOn) => (addOn.options.length > 0 ? { id: addOn.id, option: rng.pick(addOn.options) } : { id: addOn.id }));
}

/** Noon UTC of a date: a time of day that is that date in every US time zone. */
function noonOf(date: IsoDate): number {
  return Date.parse(`${date}T12:00:00Z`);
}

function directDate(date: IsoDate): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${month}/${day}/${year}`;
}

interface PlannedStay {
  kind: 'booking' | 'owner';
  checkIn: IsoDate;
  checkOut: IsoDate;
}

/**
 * One home's stays from a year ago to the horizon, one after another: each
 * stay's length is drawn, and the gap before it follows the share of nights
 * booked in its month (and, ahead, how much is booked so far). A home with a
 * deposit named by `holdDepositNow` gets a stay whose deposit is held today.
 */
function planStays(home: DemoHome, today: IsoDate, rng: Random, holdDepositNow: boolean): PlannedStay[] {
  const region = regionOf(home);
  const end = addDays(today, demoHistoryDays.ahead);
  const stays: PlannedStay[] = [];
  let cursor = addDays(today, -demoHistoryDays.past - rng.int(0, 6));
  while (cursor < end) {
    const ahead = nightsBetween(today, cursor);
    const share = seasonality[region][monthOf(cursor)]! * bookedSoFar(ahead);
    let nights = drawNights(rng);
    const gap = Math.min(120, Math.round(((nights * (1 - share)) / share) * rng.float(0.3, 1.7)));
    let checkIn = addDays(cursor, gap);
    const last = stays.at(-1);
    // A deposit is held from 7 days before check-in to 2 days after check-out: make one be so today.
    const holdNow =
      holdDepositNow && checkIn > today && (!last || last.kind === 'owner' || addDays(last.checkOut, 2) <= today);
    if (holdNow) {
      checkIn = addDays(cursor > today ? cursor : today, 2);
      holdDepositNow = false;
    }
    if (checkIn >= end) break;
    nights = Math.max(nights, home.minStay(checkIn));
    const kind = !holdNow && rng.chance(0.05) ? 'owner' : 'booking';
    if (kind === 'owner') nights = Math.max(nights, rng.int(3, 8));
    stays.push({ kind, checkIn, checkOut: addDays(checkIn, nights) });
    cursor = addDays(checkIn, nights);
  }
  return stays;
}

function drawBookedAt(checkIn: IsoDate, now: Date, rng: Random): { bookedAt: Date; lead: number } {
  const lead = drawLead(rng);
  let at = noonOf(checkIn) - lead * dayMs + rng.int(-4, 9) * hourMs;
  // Ahead, a booking was made before now: late bookings of next month came in over the last weeks.
  if (at > now.getTime() - hourMs) at = now.getTime() - rng.int(2, 24 * 21) * hourMs;
  return { bookedAt: new Date(at), lead: Math.round((noonOf(checkIn) - at) / dayMs) };
}

/** Distinct codes SAS-DEM + three characters, in a fixed order. */
function codeDrawer(rng: Random): () => string {
  const used = new Set<string>();
  return () => {
    for (;;) {
      const tail = Array.from({ length: 3 }, () => rng.pick([...bookingCodeAlphabet])).join('');
      const code = `${demoBookingCodePrefix}${tail}`;
      if (!used.has(code)) {
        used.add(code);
        return code;
      }
    }
  };
}

const inquiries = (now: Date): DemoInquiry[] => [
  {
    name: 'Rebecca Lindqvist',
    email: 'rebecca.lindqvist@example.com',
    phone: '+1 303 555 0187',
    propertyLocation: 'Frisco, CO (10 minutes from Breckenridge)',
    bedrooms: 4,
    message:
      'We own a four-bedroom home near the Frisco marina and have rented it ourselves for two winters. We would like someone local to take over bookings, cleaning and guests. What do you charge, and could you look at the house next month?',
    status: 'new',
    notes: '',
    createdAt: new Date(now.getTime() - 2 * dayMs - 5 * hourMs),
  },
  {
    name: 'Tom Vandermolen',
    email: 'tom.vandermolen@example.com',
    phone: '+1 616 555 0143',
    propertyLocation: 'Holland, MI (Lakeshore Drive)',
    bedrooms: 3,
    message:
      'Our family cottage on Lake Michigan sits empty most of the year. We would keep two weeks in July for ourselves. Is that something you manage?',
    status: 'contacted',
    notes: 'Called back; visit booked for the cottage. Owner weeks in July are fine.',
    createdAt: new Date(now.getTime() - 19 * dayMs - 3 * hourMs),
  },
];

/**
 * Plans the demo year for these homes at `now`. Homes are taken in listing
 * order, each with its own generator (adding a home does not change the
 * others' year); codes are drawn last, in booking order.
 */
export function planDemoHistory({ now, homes }: { now: Date; homes: readonly DemoHome[] }): DemoHistory {
  const ordered = [...homes].sort((a, b) => a.propertyId.localeCompare(b.propertyId));
  const depositHome = ordered.find((home) => home.deposit);
  const bookings: Omit<DemoBooking, 'code'>[] = [];
  const ownerBlocks: DemoOwnerBlock[] = [];

  for (const home of ordered) {
    const rng = createRandom(`demo-history:${home.propertyId}`);
    const today = todayIn(home.timeZone, now);
    const seed = homeSeeds.find((h) => h.code === home.propertyId);
    const writeReview = home.reviewed && seed ? reviewWriter(seed, regionOf(home), rng) : null;
    const regulars: DemoGuest[] = [];
    for (const stay of planStays(home, today, rng, home === depositHome)) {
      if (stay.kind === 'owner') {
        ownerBlocks.push({ homeId: home.id, checkIn: stay.checkIn, checkOut: stay.checkOut });
        continue;
      }
      const returning = regulars.length > 0 && rng.chance(0.12);
      const guest = returning ? rng.pick(regulars) : drawGuest(rng);
      if (!returning) regulars.push(guest);
      const party = drawParty(home, rng);
      const { bookedAt, lead } = drawBookedAt(stay.checkIn, now, rng);
      const upcoming = stay.checkIn > today;
      const addOns = drawAddOns(party, upcoming ? 0.3 : 0.16, rng);
      const plan = lead > installmentsMinDaysBeforeCheckIn + 1 && rng.chance(0.35) ? 'installments' : 'full';
      let review: DemoReview | null = null;
      const reviewedOn = addDays(stay.checkOut, rng.int(1, 12));
      if (writeReview && reviewedOn < today && rng.chance(0.22)) {
        const written = writeReview();
        review = {
          id: '',
          guestName: `${guest.firstName} ${guest.lastName.charAt(0)}.`,
          platform: 'Direct',
          rating: written.rating,
          reviewText: written.reviewText,
          reviewedAtDate: directDate(reviewedOn),
        };
      }
      bookings.push({
        homeId: home.id,
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        bookedAt,
        guest,
        party,
        addOns,
        plan,
        cancelledAt: null,
        review,
      });
    }
  }

  bookings.sort((a, b) => a.bookedAt.getTime() - b.bookedAt.getTime() || a.homeId.localeCompare(b.homeId));
  const rng = createRandom('demo-history:company');
  cancelSome(bookings, now, rng);
  const nextCode = codeDrawer(rng);
  let reviewNumber = 0;
  const planned = bookings.map((booking) => ({ ...booking, code: nextCode() }));
  const byReviewDate = planned
    .filter((booking) => booking.review !== null)
    .sort((a, b) => a.checkOut.localeCompare(b.checkOut) || a.code.localeCompare(b.code));
  for (const booking of byReviewDate) {
    booking.review = { ...booking.review!, id: `rv-demo-${String(++reviewNumber).padStart(4, '0')}` };
  }
  return { bookings: planned, ownerBlocks, inquiries: inquiries(now) };
}

/**
 * Two cancellations: a stay next season cancelled a few days ago (half
 * refunded, more than 30 days out), and a past one cancelled the day after
 * it was booked (refunded in full). Neither had add-ons or a review.
 */
function cancelSome(bookings: Omit<DemoBooking, 'code'>[], now: Date, rng: Random): void {
  const soon = now.getTime() + 40 * dayMs;
  const later = now.getTime() + 120 * dayMs;
  const ahead = bookings.filter(
    (b) =>
      noonOf(b.checkIn) > soon &&
      noonOf(b.checkIn) < later &&
      b.bookedAt.getTime() < now.getTime() - 10 * dayMs &&
      b.addOns.length === 0,
  );
  const past = bookings.filter(
    (b) => noonOf(b.checkOut) < now.getTime() - 30 * dayMs && b.addOns.length === 0 && b.review === null,
  );
  const upcoming = ahead.length > 0 ? rng.pick(ahead) : undefined;
  if (upcoming) upcoming.cancelledAt = new Date(now.getTime() - rng.int(2, 6) * dayMs - rng.int(1, 8) * hourMs);
  const earlier = past.length > 0 ? rng.pick(past) : undefined;
  if (earlier) earlier.cancelledAt = new Date(earlier.bookedAt.getTime() + rng.int(3, 30) * hourMs);
}
