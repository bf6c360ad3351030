// What a paid stay is in the database (ADR 009, issue 17): the booking, its
// payment schedule with the first charge paid by the stay's intent, its
// security deposit, the concierge rows of the add-ons booked with it, the
// stay's reason and the intent marked succeeded. Confirmation (confirm.ts)
// writes them once it has kept the nights; the demo history (services/demo,
// ADR 040) writes its year of stays through the same function, so a paid
// booking is recorded one way.
import {
  bookingDeposits,
  bookingPayments,
  bookings,
  isUniqueViolation,
  paymentIntents,
  properties,
  stays,
} from '@sas/db';
import type { BookingContact, Transaction } from '@sas/db';
import {
  addDays,
  bookingCodeAlphabet,
  bookingCodeLength,
  depositPolicy,
  isDemoBookingCode,
  startOfDayIn,
  todayIn,
  textPhoneOf,
} from '@sas/domain';
import { eq, sql } from 'drizzle-orm';
import { randomString } from '../../lib/tokens.js';
import { scheduleBookedAddOns } from '../concierge.js';
import { postPayment } from '../ledger/post.js';
import { redeemUse } from '../promotions/uses.js';
import type { SavedCard } from '../payments/provider.js';
import type { BookingRow, IntentRow } from '../money-deps.js';

/** A fresh code; never one of the demo history's (SAS-DEM...), so those stay recognisable. */
function generateBookingCode(): string {
  for (;;) {
    const code = `SAS-${randomString(bookingCodeLength, bookingCodeAlphabet)}`;
    if (!isDemoBookingCode(code)) return code;
  }
}

/** Inserts the booking under a fresh code (a code already in use, rare, is drawn again), or under `code`. */
async function insertBooking(
  tx: Transaction,
  values: Omit<typeof bookings.$inferInsert, 'code'>,
  code: string | undefined,
): Promise<BookingRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(bookings)
          .values({ ...values, code: code ?? generateBookingCode() })
          .returning();
        if (!row) throw new Error('The booking was not inserted');
        return row;
      });
    } catch (err) {
      if (code === undefined && attempt < 5 && isUniqueViolation(err, 'bookings_code_unique')) continue;
      throw err;
    }
  }
}

/**
 * The booking's payment schedule (the first charge paid now by this intent,
 * later ones scheduled) and, when the home asks for one, its security
 * deposit: a $2 validation charge at once, holds from 7 days before check-in
 * until 2 days after check-out (home's midnight). The payment scheduler
 * takes it from there.
 */
async function scheduleMoneyOverTime(
  tx: Transaction,
  booking: BookingRow,
  intent: IntentRow,
  now: Date,
): Promise<void> {
  const [home] = await tx
    .select({ timeZone: properties.timeZone, depositCents: properties.depositCents })
    .from(properties)
    .where(eq(properties.id, booking.propertyId));
  if (!home) throw new Error(`Property ${booking.propertyId} vanished`);
  const planned = intent.schedule?.length
    ? intent.schedule
    : [{ dueDate: todayIn(home.timeZone, now), amountCents: intent.amountCents }];
  await tx.insert(bookingPayments).values(
    planned.map((charge, index) => ({
      bookingId: booking.id,
      seq: index + 1,
      dueDate: charge.dueDate,
      amountCents: charge.amountCents,
      ...(index === 0
        ? { status: 'paid' as const, paymentIntentId: intent.id, paidAt: now }
        : { status: 'scheduled' as const }),
    })),
  );
  const depositCents = Math.min(home.depositCents, depositPolicy.maxCents);
  if (depositCents <= 0) return;
  await tx.insert(bookingDeposits).values({
    bookingId: booking.id,
    amountCents: depositCents,
    holdFrom: startOfDayIn(home.timeZone, addDays(booking.checkIn, -depositPolicy.preAuthorisedDaysBefore)),
    releaseAt: startOfDayIn(home.timeZone, addDays(booking.checkOut, depositPolicy.releasedDaysAfterCheckout)),
  });
}

export interface PaidStay {
  /** The stay's paid intent, as recorded when it was created. */
  intent: IntentRow;
  /** The stay row that keeps the nights, already a reservation. */
  stayId: string;
  contact: BookingContact | null;
  /** The card the provider saved for later charges, if any. */
  card: SavedCard | null;
  /** When it was paid: the first charge's due date and paid time. */
  now: Date;
  /** The demo history's own code and booking time; a real booking draws a code and takes the database's clock. */
  demo?: { code: string; bookedAt: Date };
}

/**
 * Records a paid stay in the caller's transaction (after the intent's row
 * lock and the home's calendar lock, the order every writer keeps) and
 * answers the booking.
 */
export async function recordPaidBooking(
  tx: Transaction,
  { intent, stayId, contact, card, now, demo }: PaidStay,
): Promise<BookingRow> {
  const booking = await insertBooking(
    tx,
    {
      paymentIntentId: intent.id,
      propertyId: intent.propertyId,
      stayId,
      checkIn: intent.checkIn,
      checkOut: intent.checkOut,
      nights: intent.nights,
      adults: intent.guests.adults,
      children: intent.guests.children,
      infants: intent.guests.infants,
      pets: intent.guests.pets,
      firstName: contact?.firstName ?? null,
      lastName: contact?.lastName ?? null,
      email: contact?.email ?? null,
      phoneNumber: contact?.phoneNumber ?? null,
      textPhone: textPhoneOf(contact),
      addOns: intent.addOns,
      baseCents: intent.baseCents,
      feesCents: intent.feesCents,
      taxesCents: intent.taxesCents,
      taxLines: intent.taxLines,
      addOnsCents: intent.addOnsCents,
      discountCents: intent.discountCents,
      discounts: intent.discounts,
      promoCode: intent.promoCode,
      totalCents: intent.baseCents - intent.discountCents + intent.feesCents + intent.taxesCents + intent.addOnsCents,
      currency: intent.currency,
      status: 'confirmed',
      userId: intent.userId,
      agreement: intent.agreement,
      paymentPlan: intent.plan,
      customerId: card?.customerId ?? null,
      paymentMethodId: card?.paymentMethodId ?? null,
      ...(demo ? { createdAt: demo.bookedAt } : {}),
    },
    demo?.code,
  );
  await scheduleMoneyOverTime(tx, booking, intent, now);
  await tx
    .update(stays)
    .set({ reason: `Booking ${booking.code}` })
    .where(eq(stays.id, stayId));
  await scheduleBookedAddOns(tx, booking);
  // The code's use reserved with the hold is the booking's for good.
  await redeemUse(tx, intent.holdId, booking.id);
  await tx
    .update(paymentIntents)
    .set({ status: 'succeeded', updatedAt: sql`now()` })
    .where(eq(paymentIntents.id, intent.id));
  // The ledger's lines of the charge, in the transaction that books it (issue 29).
  await postPayment(tx, intent.id, demo?.bookedAt ?? now);
  return booking;
}
