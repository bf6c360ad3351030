// The abandoned-checkout reminder (issue 28): marketing, so only to a guest
// who ticked the marketing box with their contact. The contact first reaches
// the server with the payment intent (the checkout opens it with the stay
// and the contact), so an intent with that box ticked, an hour old, unpaid,
// and no booking made by that address since, is an abandoned checkout: one
// reminder goes, in the one layout, with the one-click unsubscribe headers
// and the visible link, and never to an unsubscribed address. One per
// address ever (the outbox's dedupe key): never twice, whatever two workers do.
import { bookings, paymentIntents, properties, type Database } from '@sas/db';
import { formatDateRange, propertyDisplayName, propertyPath } from '@sas/domain';
import { and, desc, eq, gte, lte, notExists, sql } from 'drizzle-orm';
import { enqueueEmail } from '../email/outbox.js';
import type { MessageLinks } from './render.js';
import { renderGuestMessage } from './render.js';
import { isUnsubscribed, listUnsubscribeHeaders, unsubscribeUrl } from './unsubscribe.js';

/** How long after the guest gave their e-mail the reminder goes. */
export const abandonedCheckoutDelayMs = 60 * 60_000;
/** Checkouts older than this are not reminded (a deploy or an outage does not mail last month's visitors). */
const lookBackMs = 48 * 3_600_000;

export const abandonedCheckoutKind = 'abandoned_checkout';

export function abandonedCheckoutKey(email: string): string {
  return `abandoned-checkout:${email.trim().toLowerCase()}`;
}

export interface AbandonedCheckoutRun {
  sent: number;
  skipped: number;
}

export async function remindAbandonedCheckouts(
  db: Database,
  links: MessageLinks,
  now: Date,
): Promise<AbandonedCheckoutRun> {
  const result: AbandonedCheckoutRun = { sent: 0, skipped: 0 };
  const email = sql<string>`lower(${paymentIntents.contact}->>'email')`;
  const candidates = await db
    .select({
      id: paymentIntents.id,
      email,
      firstName: sql<string | null>`${paymentIntents.contact}->>'firstName'`,
      checkIn: paymentIntents.checkIn,
      checkOut: paymentIntents.checkOut,
      createdAt: paymentIntents.createdAt,
      home: { name: properties.name, publicName: properties.publicName, slug: properties.slug },
    })
    .from(paymentIntents)
    .innerJoin(properties, eq(properties.id, paymentIntents.propertyId))
    .where(
      and(
        eq(paymentIntents.purpose, 'stay'),
        sql`(${paymentIntents.contact}->>'marketingEmail') = 'true'`,
        lte(paymentIntents.createdAt, new Date(now.getTime() - abandonedCheckoutDelayMs)),
        gte(paymentIntents.createdAt, new Date(now.getTime() - lookBackMs)),
        // Nothing if they booked since, with this checkout or another one.
        notExists(
          db
            .select({ id: bookings.id })
            .from(bookings)
            .where(
              and(sql`lower(${bookings.email}) = ${email}`, sql`${bookings.createdAt} >= ${paymentIntents.createdAt}`),
            ),
        ),
        // Nor if this reservation was booked (by this payment or a later one under its reference).
        notExists(db.select({ id: bookings.id }).from(bookings).where(eq(bookings.paymentIntentId, paymentIntents.id))),
        sql`NOT EXISTS (SELECT 1 FROM payment_intents later JOIN bookings booked ON booked.payment_intent_id = later.id
              WHERE later.client_reference = ${paymentIntents.clientReference})`,
      ),
    )
    .orderBy(desc(paymentIntents.createdAt))
    .limit(200);
  const seen = new Set<string>();
  for (const checkout of candidates) {
    // The latest checkout of an address is the one the reminder is about.
    if (seen.has(checkout.email)) continue;
    seen.add(checkout.email);
    if (await isUnsubscribed(db, checkout.email)) {
      result.skipped += 1;
      continue;
    }
    const home = propertyDisplayName({ public_name: checkout.home.publicName, name: checkout.home.name });
    const optOut = unsubscribeUrl(links.publicUrl, links.jwtSecret, checkout.email);
    const link = `${links.publicUrl}${propertyPath(checkout.home.slug)}?checkin=${checkout.checkIn}&checkout=${checkout.checkOut}`;
    const rendered = await renderGuestMessage(
      {
        subject: `Still thinking about ${home}?`,
        body:
          `Hi ${checkout.firstName ?? 'there'},\n\nYou were booking ${home} for ${formatDateRange(checkout.checkIn, checkout.checkOut)}. ` +
          `The nights are not held for you, so they may go to someone else. If you would still like them: ${link}`,
      },
      {},
      optOut,
    );
    const { queued } = await enqueueEmail(db, {
      kind: abandonedCheckoutKind,
      to: checkout.email,
      ...rendered,
      dedupeKey: abandonedCheckoutKey(checkout.email),
      headers: listUnsubscribeHeaders(optOut),
    });
    if (queued) result.sent += 1;
  }
  return result;
}
