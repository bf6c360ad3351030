// The concierge schedule (issue 16 item 5): every paid service of a confirmed
// booking by day and time across homes, for the console and for the daily
// e-mail of the next day's schedule to the company.
import { bookingConcierge, bookings, properties, type Database } from '@sas/db';
import {
  addDays,
  formatDateWithWeekday,
  officeTimeZone,
  propertyDisplayName,
  todayIn,
  type ConciergeSchedule,
} from '@sas/domain';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { enqueueEmail } from '../email/outbox.js';
import { renderEmail } from '../email/render.js';

export async function conciergeSchedule(
  db: Database,
  { from, days }: { from?: string | undefined; days: number },
  now: Date,
): Promise<ConciergeSchedule> {
  const first = from ?? todayIn(officeTimeZone, now);
  const last = addDays(first, days - 1);
  const rows = await db
    .select({ service: bookingConcierge, booking: bookings, home: properties })
    .from(bookingConcierge)
    .innerJoin(bookings, eq(bookings.id, bookingConcierge.bookingId))
    .innerJoin(properties, eq(properties.id, bookingConcierge.propertyId))
    .where(
      and(
        gte(bookingConcierge.serviceDate, first),
        lte(bookingConcierge.serviceDate, last),
        eq(bookingConcierge.status, 'paid'),
        eq(bookings.status, 'confirmed'),
      ),
    )
    .orderBy(asc(bookingConcierge.serviceDate), asc(bookingConcierge.serviceTime), asc(properties.name));
  return {
    from: first,
    to: last,
    entries: rows.map(({ service, booking, home }) => ({
      id: service.id,
      date: service.serviceDate,
      time: service.serviceTime,
      service: service.name,
      option: service.option,
      withStay: service.paymentIntentId === null,
      home: {
        id: home.id,
        name: propertyDisplayName({ public_name: home.publicName, name: home.name }),
        city: home.city,
        timeZone: home.timeZone,
      },
      booking: {
        code: booking.code,
        guest: [booking.firstName, booking.lastName].filter(Boolean).join(' ') || null,
        phone: booking.phoneNumber,
        party: booking.adults + booking.children + booking.infants,
      },
    })),
  };
}

/** After this hour at the office, the next day's schedule is e-mailed. */
export const digestHour = 17;

/**
 * E-mails tomorrow's schedule (office time) to the company once, from the
 * first worker tick after 17:00; every process may try, the outbox's dedupe
 * key on the date sends it once. Returns whether it was queued now.
 */
export async function sendConciergeDigest(db: Database, to: string | undefined, now: Date): Promise<boolean> {
  if (!to) return false;
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: officeTimeZone, hour: 'numeric', hourCycle: 'h23' }).format(now),
  );
  if (hour < digestHour) return false;
  const tomorrow = addDays(todayIn(officeTimeZone, now), 1);
  const { entries } = await conciergeSchedule(db, { from: tomorrow, days: 1 }, now);
  const { queued } = await enqueueEmail(db, {
    kind: 'concierge_schedule',
    to,
    ...(await renderEmail('concierge-schedule', { day: formatDateWithWeekday(tomorrow), entries })),
    dedupeKey: `concierge-schedule:${tomorrow}`,
  });
  return queued;
}
