// A booking's messages for the console (issue 28): its history (what went,
// was delivered or bounced, was skipped or cancelled, and the confirmation) and its forecast (what is
// scheduled and when it will go, or why it will not), one list by time.
import { bookings, emailOutbox, guestMessages, properties, type Database } from '@sas/db';
import { decideSend, type BookingMessage, type MessageDelivery } from '@sas/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { bookingEmailKinds, bookingReference } from '../email/booking-emails.js';
import { planStay, stayColumns, syncMessageSchedules } from './schedule.js';
import { loadMessageTemplates } from './templates.js';
import { textOptedOutReason } from './send.js';
import { isTextOptedOut } from '../texting/index.js';

/** The receiving end's answer, when there is one. */
function deliveryOf(
  delivery: MessageDelivery | null,
  detail: string | null,
): Pick<BookingMessage, 'delivery' | 'deliveryDetail'> {
  if (!delivery) return {};
  return detail ? { delivery, deliveryDetail: detail } : { delivery };
}

/** null when there is no booking with that code. */
export async function listBookingMessages(db: Database, code: string, now: Date): Promise<BookingMessage[] | null> {
  const [stay] = await db
    .select(stayColumns)
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.code, code));
  if (!stay) return null;
  await syncMessageSchedules(db, { now, bookingIds: [stay.id] });
  const rows = await db
    .select({
      template: guestMessages.template,
      channel: guestMessages.channel,
      date: guestMessages.date,
      dueAt: guestMessages.dueAt,
      lateAfter: guestMessages.lateAfter,
      status: guestMessages.status,
      reason: guestMessages.reason,
      sentAt: guestMessages.sentAt,
      outboxStatus: emailOutbox.status,
      outboxError: emailOutbox.lastError,
      outboxDelivery: emailOutbox.delivery,
      outboxDeliveryDetail: emailOutbox.deliveryDetail,
      delivery: guestMessages.delivery,
      deliveryDetail: guestMessages.deliveryDetail,
    })
    .from(guestMessages)
    .leftJoin(emailOutbox, eq(emailOutbox.id, guestMessages.outboxId))
    .where(eq(guestMessages.bookingId, stay.id))
    .orderBy(asc(guestMessages.dueAt));
  const list: (BookingMessage & { at: number })[] = [];
  const textOptedOut = stay.textPhone !== null && (await isTextOptedOut(db, stay.textPhone));
  const confirmations = await db
    .select({
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      lastError: emailOutbox.lastError,
      delivery: emailOutbox.delivery,
      deliveryDetail: emailOutbox.deliveryDetail,
    })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.reference, bookingReference(stay.id)),
        inArray(emailOutbox.kind, [bookingEmailKinds.confirmation]),
      ),
    );
  for (const sent of confirmations) {
    list.push({
      template: 'booking_confirmation',
      channel: 'email',
      dueAt: sent.createdAt.toISOString(),
      status: sent.status === 'failed' ? 'failed' : sent.status === 'sent' ? 'sent' : 'scheduled',
      ...(sent.sentAt ? { sentAt: sent.sentAt.toISOString() } : {}),
      ...(sent.status === 'failed' && sent.lastError ? { reason: sent.lastError } : {}),
      ...deliveryOf(sent.delivery, sent.deliveryDetail),
      at: sent.createdAt.getTime(),
    });
  }
  for (const row of rows) {
    let status = row.status;
    let reason = row.reason ?? undefined;
    // An e-mail's fate is its outbox row's; a text's is the provider's word on the row itself.
    const delivery = row.channel === 'email' ? row.outboxDelivery : row.delivery;
    const deliveryDetail = row.channel === 'email' ? row.outboxDeliveryDetail : row.deliveryDetail;
    if (status === 'sent' && row.outboxStatus === 'failed') {
      status = 'failed';
      reason = row.outboxError ?? 'The e-mail could not be delivered';
    } else if (status === 'sent' && delivery === 'bounced') {
      status = 'failed';
      reason = `Not delivered: ${deliveryDetail ?? 'the provider gave no reason'}`;
    }
    if (status === 'scheduled' && row.channel === 'sms' && textOptedOut) {
      reason = `Will be skipped: ${textOptedOutReason.toLowerCase()}`;
    } else if (status === 'scheduled') {
      const decision = decideSend(row, row.dueAt > now ? row.dueAt : now, stay.timeZone);
      if (decision.action === 'skip') reason = `Will be skipped: ${decision.reason.toLowerCase()}`;
      else if (decision.action === 'wait') reason = `Waits for the daytime at the home`;
    }
    list.push({
      template: row.template,
      channel: row.channel,
      dueAt: row.dueAt.toISOString(),
      status,
      ...(row.sentAt ? { sentAt: row.sentAt.toISOString() } : {}),
      ...(reason ? { reason } : {}),
      ...deliveryOf(delivery, deliveryDetail),
      at: row.dueAt.getTime(),
    });
  }
  // What will not go by the rules (short stay, turned off) and has no row: the forecast says why.
  if (stay.status === 'confirmed') {
    const { excluded } = planStay(stay, await loadMessageTemplates(db));
    for (const message of excluded) {
      if (rows.some((row) => row.template === message.template && row.date === message.date)) continue;
      list.push({
        template: message.template,
        channel: 'email',
        dueAt: message.dueAt.toISOString(),
        status: 'skipped',
        reason: message.reason,
        at: message.dueAt.getTime(),
      });
    }
  }
  return list.sort((a, b) => a.at - b.at).map(({ at: _at, ...message }) => message);
}
