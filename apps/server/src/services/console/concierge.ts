// The concierge schedule (issue 16 item 5): every paid service of a confirmed
// booking by day and time across homes, for the console and for the daily
// e-mail of the next day's schedule to the company.
import { bookingConcierge, bookings, properties, type Database } from '@sas/db';
import {
  addDays,
  companyName,
  formatDateWithWeekday,
  propertyDisplayName,
  todayIn,
  type ConciergeSchedule,
  officeTimeZone,
} from '@sas/domain';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { escapeHtml } from '../../lib/head.js';
import { enqueueEmail } from '../email/outbox.js';

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
  const day = formatDateWithWeekday(tomorrow);
  const subject = `${companyName} concierge schedule for ${day}: ${entries.length} service${entries.length === 1 ? '' : 's'}`;
  const lines = entries.map(
    (e) =>
      `${e.time} ${e.service}${e.option ? ` (${e.option})` : ''} at ${e.home.name}, ${e.home.city}: ${e.booking.code}, ${e.booking.guest ?? 'guest'}${e.booking.phone ? `, ${e.booking.phone}` : ''}, party of ${e.booking.party}`,
  );
  const intro = entries.length === 0 ? `No concierge services are booked for ${day}.` : `Services booked for ${day}:`;
  const text = [intro, '', ...lines].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif;color:#1f2a30;line-height:1.6">
<p>${escapeHtml(intro)}</p>
${lines.length > 0 ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
</body>
</html>
`;
  const { queued } = await enqueueEmail(db, {
    kind: 'concierge_schedule',
    to,
    subject,
    html,
    text,
    dedupeKey: `concierge-schedule:${tomorrow}`,
  });
  return queued;
}
