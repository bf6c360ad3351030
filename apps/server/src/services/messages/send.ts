// The guest messages worker (issue 28): each run brings the timeline in step
// with the bookings, then sends what is due. A message is claimed with its
// row locked (FOR UPDATE SKIP LOCKED) in the transaction that queues its
// e-mail in the outbox (whose dedupe key is the message's) and marks it sent,
// so two processes never send one twice and a crash sends it never or once.
// The booking's row is read FOR SHARE in the same transaction: a cancellation
// either committed before (the message is cancelled) or waits for it.
import { bookings, emailOutbox, guestMessages, properties, type Database } from '@sas/db';
import { decideSend, fillMessageTemplate, isMessageTemplateName, messageTemplateDefinition, textOf } from '@sas/domain';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, lte } from 'drizzle-orm';
import { bookingReference } from '../email/booking-emails.js';
import { remindAbandonedCheckouts } from './abandoned.js';
import { enqueueEmail } from '../email/outbox.js';
import { offerReturningGuestCode } from '../promotions/personal.js';
import { messageVariablesFor, renderGuestMessage, type MessageLinks } from './render.js';
import { cancelledReasons, dedupeKeyOf, planStay, stayColumns, syncMessageSchedules } from './schedule.js';
import { loadMessageTemplates } from './templates.js';
import { isUnsubscribed, listUnsubscribeHeaders, unsubscribeUrl } from './unsubscribe.js';
import { isTextOptedOut, TextSendError, type OutgoingText, type TextProvider } from '../texting/index.js';

export interface GuestMessageDeps extends MessageLinks {
  db: Database;
  /** Where texts go (sandbox or Twilio); without one, text rows wait. */
  texting?: TextProvider;
  /** Told when an e-mail was queued, to drain the outbox soon. */
  onEmailQueued?: () => void;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface GuestMessageRun {
  scheduled: number;
  sent: number;
  skipped: number;
  cancelled: number;
  /** Abandoned-checkout reminders queued. */
  reminded: number;
}

/** Rows looked at per run; the rest wait for the next run (minutes). */
const batchSize = 200;

/** The outbox's key of a message: one e-mail per timeline row, ever. */
export function outboxKeyOf(messageKey: string): string {
  return `guest-message:${messageKey}`;
}

export const offerOffReason = 'The returning-guest offer is turned off';
export const unsubscribedReason = 'The guest unsubscribed from marketing e-mail';
export const noEmailReason = 'The booking has no e-mail address';
export const textOptedOutReason = 'The guest replied STOP to our texts';
export const noTextPhoneReason = 'The guest did not opt in to texts';

export async function runGuestMessages(deps: GuestMessageDeps, now: Date): Promise<GuestMessageRun> {
  const result: GuestMessageRun = { scheduled: 0, sent: 0, skipped: 0, cancelled: 0, reminded: 0 };
  result.scheduled = await syncMessageSchedules(deps.db, { now });
  const due = await deps.db
    .select({ id: guestMessages.id })
    .from(guestMessages)
    .where(and(eq(guestMessages.status, 'scheduled'), lte(guestMessages.dueAt, now)))
    .orderBy(asc(guestMessages.dueAt))
    .limit(batchSize);
  for (const { id } of due) {
    const { outcome, text } = await claimOne(deps, id, now);
    if (text) await sendText(deps, text, now);
    if (outcome === 'sent') result.sent += 1;
    else if (outcome === 'skipped') result.skipped += 1;
    else if (outcome === 'cancelled') result.cancelled += 1;
  }
  result.reminded = (await remindAbandonedCheckouts(deps.db, deps, now)).sent;
  if (result.sent > 0 || result.reminded > 0) deps.onEmailQueued?.();
  return result;
}

type Outcome = 'sent' | 'skipped' | 'cancelled' | 'waiting' | 'taken';

/**
 * A text is handed to the provider after its row was marked sent and
 * committed: Twilio takes no idempotency key, so this is at most once (a
 * crash in between loses the text; it is never sent twice). A refusal marks
 * the row failed with the provider's words.
 */
async function sendText(deps: GuestMessageDeps, text: OutgoingText, now: Date): Promise<void> {
  if (!deps.texting) return;
  try {
    const sent = await deps.texting.send(text);
    await deps.db
      .update(guestMessages)
      .set({ providerMessageId: sent.id, delivery: sent.delivery, deliveryDetail: sent.detail, updatedAt: now })
      .where(eq(guestMessages.id, text.id));
  } catch (error) {
    const reason = error instanceof TextSendError ? error.message : 'The text could not be sent';
    deps.log?.warn({ err: error, message: text.id }, 'A guest text could not be sent');
    await deps.db
      .update(guestMessages)
      .set({ status: 'failed', reason, updatedAt: now })
      .where(eq(guestMessages.id, text.id));
  }
}

async function claimOne(
  deps: GuestMessageDeps,
  id: string,
  now: Date,
): Promise<{ outcome: Outcome; text?: OutgoingText }> {
  let text: OutgoingText | undefined;
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(guestMessages)
      .where(and(eq(guestMessages.id, id), eq(guestMessages.status, 'scheduled')))
      .for('update', { skipLocked: true });
    if (!row) return 'taken';
    const settle = async (status: 'skipped' | 'cancelled', reason: string): Promise<Outcome> => {
      await tx.update(guestMessages).set({ status, reason, updatedAt: now }).where(eq(guestMessages.id, row.id));
      return status;
    };
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, row.bookingId)).for('share');
    if (!booking || booking.status !== 'confirmed') return settle('cancelled', cancelledReasons.booking);
    const [stay] = await tx
      .select(stayColumns)
      .from(bookings)
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .where(eq(bookings.id, booking.id));
    if (!stay || !isMessageTemplateName(row.template)) return settle('cancelled', cancelledReasons.dates);
    // The plan of the booking as it is now: the row must still be in it (dates, template on).
    const templates = await loadMessageTemplates(tx);
    const { planned, excluded } = planStay(stay, templates);
    const current = planned.find((m) => dedupeKeyOf(booking.id, m) === row.dedupeKey);
    if (!current) {
      const why = excluded.find((e) => e.template === row.template)?.reason ?? cancelledReasons.dates;
      return settle('cancelled', why);
    }
    const decision = decideSend(current, now, stay.timeZone);
    if (decision.action === 'skip') return settle('skipped', decision.reason);
    if (decision.action === 'wait') return 'waiting';
    const template = templates.find((t) => t.name === row.template);
    if (!template) return settle('cancelled', cancelledReasons.dates);
    if (row.channel === 'sms') {
      // The opt-out is read here, in the sending transaction: a STOP is honoured from the next text on.
      if (!booking.textPhone) return settle('skipped', noTextPhoneReason);
      if (await isTextOptedOut(tx, booking.textPhone)) return settle('skipped', textOptedOutReason);
      if (!deps.texting) return 'waiting';
      const values = await messageVariablesFor(tx, booking, deps, row.template);
      text = {
        id: row.id,
        kind: `guest_${row.template}`,
        to: booking.textPhone,
        body: textOf(fillMessageTemplate(template.subject, values), fillMessageTemplate(template.body, values)),
      };
      await tx
        .update(guestMessages)
        .set({ status: 'sent', sentAt: now, reason: null, updatedAt: now })
        .where(eq(guestMessages.id, row.id));
      return 'sent';
    }
    if (!booking.email) return settle('skipped', noEmailReason);
    const marketing = messageTemplateDefinition(row.template).marketing;
    if (marketing && (await isUnsubscribed(tx, booking.email))) return settle('skipped', unsubscribedReason);
    let code: string | undefined;
    if (row.template === 'returning_guest') {
      const offer = await offerReturningGuestCode(tx, { email: booking.email, now, timeZone: stay.timeZone });
      if (!offer) return settle('skipped', offerOffReason);
      code = offer.code;
    }
    const values = await messageVariablesFor(tx, booking, deps, row.template, code);
    const optOut = marketing ? unsubscribeUrl(deps.publicUrl, deps.jwtSecret, booking.email) : undefined;
    const email = await renderGuestMessage(template, values, optOut);
    const kind = `guest_${row.template}`;
    const dedupeKey = outboxKeyOf(row.dedupeKey);
    await enqueueEmail(tx, {
      kind,
      to: booking.email,
      ...email,
      dedupeKey,
      reference: bookingReference(booking.id),
      headers: optOut ? listUnsubscribeHeaders(optOut) : undefined,
    });
    const [queued] = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, dedupeKey));
    await tx
      .update(guestMessages)
      .set({ status: 'sent', sentAt: now, reason: null, outboxId: queued?.id ?? null, updatedAt: now })
      .where(eq(guestMessages.id, row.id));
    return 'sent';
  });
  return text ? { outcome, text } : { outcome };
}
