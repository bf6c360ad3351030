// The console's numbers (issue 14 section 1): occupancy and revenue by month,
// arrivals and departures, and owners' monthly statements. One rule for both:
// a booking's total (nights, fees, taxes and add-ons) is spread evenly over
// its nights, the cents left over going to the first nights, and a month
// counts the nights that fall in it; so a stay across two months is shared
// between them and the months always add up to the total. Cancelled bookings
// count for nothing (what a cancellation kept is not revenue of any night).
import { bookings, properties, type Database } from '@sas/db';
import {
  addDays,
  addMonths,
  centsToDollars,
  nightlyShares,
  nightsBetween,
  propertyDisplayName,
  todayIn,
  type AdminDashboard,
  type AdminMonthStat,
  type AdminMovement,
  type AdminStatement,
  type AdminStatementQuery,
  type IsoDate,
  officeTimeZone,
} from '@sas/domain';
import { and, asc, eq, gt, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import { findVisibleHome, type ConsoleUser } from './access.js';
import { lastNameFor } from './reservations.js';
import { cleaningsDone } from '../tasks/problems.js';

type BookingRow = typeof bookings.$inferSelect;

interface HomeRow {
  id: string;
  propertyId: string;
  name: string;
}

function firstDay(month: string): IsoDate {
  return `${month}-01`;
}

function daysIn(month: string): number {
  return nightsBetween(firstDay(month), firstDay(addMonths(month, 1)));
}

async function visibleHomeRows(db: Database, user: ConsoleUser, only?: string): Promise<HomeRow[]> {
  const ids = only ? [only] : user.homes === null ? null : [...user.homes];
  if (ids !== null && ids.length === 0) return [];
  const rows = await db
    .select({
      id: properties.id,
      propertyId: properties.propertyId,
      name: properties.name,
      publicName: properties.publicName,
    })
    .from(properties)
    .where(ids === null ? undefined : inArray(properties.id, ids))
    .orderBy(asc(properties.propertyId));
  return rows.map((row) => ({
    id: row.id,
    propertyId: row.propertyId,
    name: propertyDisplayName({ public_name: row.publicName, name: row.name }),
  }));
}

/** Confirmed bookings of these homes sharing a night with [from, to). */
async function confirmedBookings(db: Database, homeIds: string[], from: IsoDate, to: IsoDate, more?: SQL) {
  if (homeIds.length === 0) return [];
  return db
    .select()
    .from(bookings)
    .where(
      and(
        inArray(bookings.propertyId, homeIds),
        eq(bookings.status, 'confirmed'),
        more ?? and(gt(bookings.checkOut, from), lt(bookings.checkIn, to)),
      ),
    )
    .orderBy(asc(bookings.checkIn), asc(bookings.code));
}

function monthStat(month: string, homes: number, nights: number, cents: number): AdminMonthStat {
  const available = homes * daysIn(month);
  return {
    month,
    bookedNights: nights,
    availableNights: available,
    occupancy: available === 0 ? 0 : Math.round((nights / available) * 1000) / 10,
    revenue: centsToDollars(cents),
  };
}

export async function loadDashboard(db: Database, user: ConsoleUser, now: Date): Promise<AdminDashboard> {
  const today = todayIn(officeTimeZone, now);
  const current = today.slice(0, 7);
  const months = Array.from({ length: 24 }, (_, i) => addMonths(current, i - 12));
  const from = firstDay(months[0] ?? current);
  const to = firstDay(addMonths(current, 12));
  const homes = await visibleHomeRows(db, user);
  const ids = homes.map((home) => home.id);
  const rows = await confirmedBookings(db, ids, from, to);

  // home id -> month -> [nights, cents]
  const sums = new Map<string, Map<string, [number, number]>>();
  for (const booking of rows) {
    let perMonth = sums.get(booking.propertyId);
    if (!perMonth) sums.set(booking.propertyId, (perMonth = new Map<string, [number, number]>()));
    for (const [night, cents] of nightlyShares(booking)) {
      if (night < from || night >= to) continue;
      const month = night.slice(0, 7);
      const sum = perMonth.get(month) ?? [0, 0];
      sum[0] += 1;
      sum[1] += cents;
      perMonth.set(month, sum);
    }
  }
  const homeStats = homes.map((home) => ({
    ...home,
    months: months.map((month) => {
      const [nights, cents] = sums.get(home.id)?.get(month) ?? [0, 0];
      return monthStat(month, 1, nights, cents);
    }),
  }));
  const total = months.map((month) => {
    let nights = 0;
    let cents = 0;
    for (const home of homes) {
      const sum = sums.get(home.id)?.get(month);
      if (sum) {
        nights += sum[0];
        cents += sum[1];
      }
    }
    return monthStat(month, homes.length, nights, cents);
  });

  const weekEnd = addDays(today, 7);
  const moving = await confirmedBookings(
    db,
    ids,
    today,
    weekEnd,
    or(
      and(gte(bookings.checkIn, today), lt(bookings.checkIn, weekEnd)),
      and(gte(bookings.checkOut, today), lt(bookings.checkOut, weekEnd)),
    ),
  );
  const byId = new Map(homes.map((home) => [home.id, home]));
  const movement = (booking: BookingRow, date: IsoDate): AdminMovement => ({
    code: booking.code,
    propertyId: byId.get(booking.propertyId)?.propertyId ?? '',
    propertyName: byId.get(booking.propertyId)?.name ?? '',
    date,
    firstName: booking.firstName,
    lastName: lastNameFor(user, booking.lastName),
    guests: booking.adults + booking.children + booking.infants,
  });
  const inWeek = (date: IsoDate) => date >= today && date < weekEnd;
  const byDate = (a: AdminMovement, b: AdminMovement) => a.date.localeCompare(b.date) || a.code.localeCompare(b.code);
  return {
    today,
    months,
    homes: homeStats,
    total,
    arrivals: moving
      .filter((b) => inWeek(b.checkIn))
      .map((b) => movement(b, b.checkIn))
      .sort(byDate),
    departures: moving
      .filter((b) => inWeek(b.checkOut))
      .map((b) => movement(b, b.checkOut))
      .sort(byDate),
  };
}

export type StatementOutcome = { status: 'ok'; statement: AdminStatement } | { status: 'not_found' };

/** A month's confirmed bookings per home and what guests paid for its nights. */
export async function loadStatement(
  db: Database,
  user: ConsoleUser,
  query: AdminStatementQuery,
): Promise<StatementOutcome> {
  let only: string | undefined;
  if (query.propertyId) {
    const home = await findVisibleHome(db, user, query.propertyId);
    if (!home) return { status: 'not_found' };
    only = home.id;
  }
  const homes = await visibleHomeRows(db, user, only);
  const from = firstDay(query.month);
  const to = firstDay(addMonths(query.month, 1));
  const rows = await confirmedBookings(
    db,
    homes.map((home) => home.id),
    from,
    to,
  );
  const cleanings = await cleaningsDone(
    db,
    homes.map((home) => home.id),
    from,
    to,
  );
  const totals = { bookings: 0, nights: 0, cents: 0 };
  const statementHomes = homes.map((home) => {
    let nights = 0;
    let cents = 0;
    const lines = rows
      .filter((booking) => booking.propertyId === home.id)
      .map((booking) => {
        const inMonth = nightlyShares(booking).filter(([night]) => night >= from && night < to);
        const gross = inMonth.reduce((sum, [, share]) => sum + share, 0);
        nights += inMonth.length;
        cents += gross;
        return {
          code: booking.code,
          checkIn: booking.checkIn,
          checkOut: booking.checkOut,
          nights: booking.nights,
          nightsInMonth: inMonth.length,
          firstName: booking.firstName,
          lastName: lastNameFor(user, booking.lastName),
          totalAmount: centsToDollars(booking.totalCents),
          discount: centsToDollars(booking.discountCents),
          grossInMonth: centsToDollars(gross),
        };
      });
    totals.bookings += lines.length;
    totals.nights += nights;
    totals.cents += cents;
    const cleaned = cleanings
      .filter((cleaning) => cleaning.propertyId === home.id)
      .map(({ date, kindName, booking, feesCents }) => ({
        date,
        kindName,
        booking,
        charged: feesCents === null ? null : centsToDollars(feesCents),
      }));
    return { ...home, bookings: lines, cleanings: cleaned, nights, gross: centsToDollars(cents) };
  });
  return {
    status: 'ok',
    statement: {
      month: query.month,
      homes: statementHomes,
      totals: { bookings: totals.bookings, nights: totals.nights, gross: centsToDollars(totals.cents) },
    },
  };
}
