// The demo history (ADR 040): a believable year of business written into a
// database that has none, so that a new staff member sees on a fresh
// `npm start` what the console is for. The plan (who stays where, when, how
// they pay) is the seed's, @sas/db's planDemoHistory; this file writes it
// through the money path's own record functions: the stay's intent
// (stayIntentRow), the booking with its schedule, deposit and add-ons
// (recordPaidBooking), installments and deposit holds as the payment
// scheduler records them, a cancellation as cancelBooking records it and its
// refund through issueCancellationRefund. Every payment is the sandbox
// processor's. No e-mail is queued: nobody is there to read it.
//
// All in one transaction, under an advisory lock, into a database without
// bookings only: it is there whole or not at all, and never mixes with real
// business.
import {
  bookingDeposits,
  bookingPayments,
  bookings,
  isOverlapError,
  ownerInquiries,
  paymentIntents,
  properties,
  reviews,
  stays,
  toDateRange,
  type Database,
  type Transaction,
} from '@sas/db';
import { planDemoHistory, type DemoBooking, type DemoHistory, type DemoHome } from '@sas/db/seed';
import {
  addDays,
  currency,
  depositHoldRenewalDays,
  depositPolicy,
  minStayFor,
  orderTotalCents,
  ownerBlockReason,
  planPayments,
  rentalAgreementVersion,
  resolveAddOns,
  scheduleStayAddOns,
  startOfDayIn,
  todayIn,
} from '@sas/domain';
import { asc, count, eq, sql } from 'drizzle-orm';
import { sha256Hex } from '../../lib/tokens.js';
import { amountPaidCents, issueCancellationRefund, policyRefund, recordCancellation } from '../booking/cancel.js';
import type { BookingRow } from '../money-deps.js';
import { stayIntentRow } from '../booking/intents.js';
import { recordPaidBooking } from '../booking/record.js';
import { recordAudit, type AuditActor } from '../console/audit.js';
import type { ProviderIntent, SavedCard } from '../payments/provider.js';
import { createSandboxProvider } from '../payments/sandbox.js';
import { quoteStay } from '../pricing.js';
import { loadRateSnapshot, type RateSnapshot, type RateTables } from '../rate-tables.js';
import {
  recordDepositCharge,
  recordDepositEnd,
  recordInstallmentPaid,
  recordPreviousHoldReleased,
  recordValidationRefunded,
  type DepositRow,
} from '../schedule/scheduler.js';
import { issueRefund } from '../refunds/issue-refund.js';
import { planHomeTasks } from '../tasks/plan.js';

/** Serialises demo seeding across processes sharing one database (any fixed number works). */
const demoLockKey = 7_205_114_040;

/** The audit log's action for the demo history. */
export const demoHistoryAction = 'demo.seed';

/** Intents of the demo: the sandbox's prefix and `demo_`, which the sandbox never draws (its ids have no `_`). */
export const demoIntentPrefix = 'pi_sandbox_demo_';

export type DemoHistoryOutcome =
  | {
      status: 'seeded';
      bookings: number;
      cancelled: number;
      ownerBlocks: number;
      reviews: number;
      inquiries: number;
      /** Planned stays the rates refused (a season's minimum stay changed, a home unpublished). */
      skipped: number;
    }
  | { status: 'skipped'; reason: string };

export const demoHistoryRefusal =
  'This database already has bookings: the demo history is only written into one without any.';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const minuteMs = 60_000;

const quiet = { info: () => undefined, error: () => undefined };

/** The rate tables as they are in this transaction: quoteStay prices from them. */
function ratesOf(snapshot: RateSnapshot): RateTables {
  return {
    current: () => Promise.resolve(snapshot),
    find: (ref) => Promise.resolve(snapshot.resolve(ref)),
    clear: () => undefined,
  };
}

/** The homes a guest books through our own panel: published, with rates, no third-party widget. */
async function demoHomes(tx: Transaction, snapshot: RateSnapshot): Promise<DemoHome[]> {
  // One after the other: a transaction is one connection, which runs one query at a time.
  const homes = await tx
    .select({ id: properties.id, depositCents: properties.depositCents, widget: properties.bookingWidgetUrl })
    .from(properties);
  const reviewCounts = await tx
    .select({ id: reviews.propertyId, n: count() })
    .from(reviews)
    .where(eq(reviews.hidden, false))
    .groupBy(reviews.propertyId);
  const byId = new Map(homes.map((home) => [home.id, home]));
  const reviewed = new Map(reviewCounts.map((row) => [row.id, row.n]));
  return snapshot.homes.flatMap((home) => {
    const more = byId.get(home.id);
    const rates = home.rates;
    if (!home.published || !rates || !more || more.widget !== null) return [];
    return [
      {
        id: home.id,
        propertyId: home.propertyId,
        timeZone: home.timeZone,
        maxGuests: home.maxGuests,
        petsAllowed: home.petsAllowed,
        deposit: more.depositCents > 0,
        reviewed: (reviewed.get(home.id) ?? 0) >= 6,
        minStay: (checkIn: string) => minStayFor(rates, checkIn),
      },
    ];
  });
}

function intentOf(id: string, status: ProviderIntent['status'], amount: number): ProviderIntent {
  return { id, status, amount, currency, metadata: {} };
}

interface Writer {
  tx: Transaction;
  now: Date;
  deps: {
    db: Transaction;
    payments: ReturnType<typeof createSandboxProvider>;
    log: typeof quiet;
  };
  rates: RateTables;
  homes: ReadonlyMap<string, DemoHome>;
}

/** Writes one planned booking; false when the rates refuse it (then nothing of it is written). */
async function writeBooking(w: Writer, plan: DemoBooking): Promise<BookingRow | null> {
  const { tx, now, deps } = w;
  const home = w.homes.get(plan.homeId);
  if (!home) return null;
  const quoted = await quoteStay(
    { db: tx, rates: w.rates },
    { kind: 'uuid', id: plan.homeId },
    { checkIn: plan.checkIn, checkOut: plan.checkOut, guests: plan.party },
    plan.bookedAt,
  );
  if (quoted.status !== 'ok') return null;
  const { quote } = quoted;
  const addOns = scheduleStayAddOns(resolveAddOns(plan.addOns), plan);
  const total = orderTotalCents({
    basePrice: quote.base,
    discount: quote.discount,
    taxes: quote.taxes,
    fees: quote.fees,
    addOns,
  });
  const bookedOn = todayIn(home.timeZone, plan.bookedAt);
  const schedule = planPayments(plan.plan, total, bookedOn, plan.checkIn);
  const tail = plan.code.slice('SAS-'.length);
  // The same rule as createPaymentIntent: a card is kept for later charges.
  const saveCard = schedule.length > 1 || home.deposit;
  const card: SavedCard | null = saveCard
    ? { customerId: `cus_sandbox_demo_${tail}`, paymentMethodId: `pm_sandbox_demo_${tail}` }
    : null;
  const intentId = `${demoIntentPrefix}${tail}_stay`;

  // The quote found the nights free; in this transaction nothing else takes them.
  const [stay] = await tx
    .insert(stays)
    .values({
      propertyId: plan.homeId,
      nights: toDateRange(plan.checkIn, plan.checkOut),
      kind: 'reservation',
      createdAt: plan.bookedAt,
    })
    .returning({ id: stays.id });
  if (!stay) throw new Error('The demo stay was not inserted');
  const [intent] = await tx
    .insert(paymentIntents)
    .values({
      ...stayIntentRow({
        intent: {
          id: intentId,
          status: 'succeeded',
          provider: 'sandbox',
          clientSecretHash: sha256Hex(`demo:${intentId}`),
        },
        propertyId: plan.homeId,
        holdId: null,
        stay: { checkIn: plan.checkIn, checkOut: plan.checkOut, guests: plan.party },
        quote,
        addOns,
        schedule,
        agreement: { version: rentalAgreementVersion, acceptedAt: plan.bookedAt.toISOString(), over25: true },
        saveCard,
        contact: plan.guest,
      }),
      customerId: card?.customerId ?? null,
      paymentMethodId: card?.paymentMethodId ?? null,
      createdAt: plan.bookedAt,
      updatedAt: plan.bookedAt,
    })
    .returning();
  if (!intent) throw new Error('The demo intent was not inserted');
  const booking = await recordPaidBooking(tx, {
    intent,
    stayId: stay.id,
    contact: plan.guest,
    card,
    now: plan.bookedAt,
    demo: { code: plan.code, bookedAt: plan.bookedAt },
  });
  const until = plan.cancelledAt ?? now;
  if (schedule.length > 1) await payInstallments(w, booking, home.timeZone, until);
  if (home.deposit) await walkDeposit(w, booking, until, plan.cancelledAt !== null);
  if (!plan.cancelledAt) return booking;
  const paid = await amountPaidCents(tx, booking);
  const refund = policyRefund(booking, home.timeZone, plan.cancelledAt, paid);
  const { cancelled } = await recordCancellation(tx, booking, {
    actor: { kind: 'guest', userId: null },
    refundChoice: 'policy',
    refundCents: refund.cents,
    now: plan.cancelledAt,
  });
  await issueCancellationRefund(deps, booking.id);
  return cancelled;
}

/** The installments due by `until` (home's calendar), paid early that morning as the scheduler pays them. */
async function payInstallments(w: Writer, booking: BookingRow, timeZone: string, until: Date): Promise<void> {
  const due = await w.tx
    .select()
    .from(bookingPayments)
    .where(eq(bookingPayments.bookingId, booking.id))
    .orderBy(asc(bookingPayments.seq));
  const today = todayIn(timeZone, until);
  for (const row of due) {
    if (row.status !== 'scheduled' || row.dueDate > today) continue;
    const morning = startOfDayIn(timeZone, row.dueDate).getTime() + 7 * hourMs;
    const paidAt = new Date(Math.min(morning, until.getTime() - minuteMs));
    const intent = intentOf(demoIntentId(booking, `installment${row.seq}`), 'succeeded', row.amountCents);
    await recordInstallmentPaid(w.tx, w.deps, booking, row, intent, paidAt, paidAt);
  }
}

function demoIntentId(booking: BookingRow, what: string): string {
  return `${demoIntentPrefix}${booking.code.slice('SAS-'.length)}_${what}`;
}

function settled(row: DepositRow | null): DepositRow {
  if (!row) throw new Error('A demo deposit moved on under the demo history');
  return row;
}

/**
 * The deposit as the scheduler walks it by `until`: the $2 card check just
 * after booking and its refund, the first hold 7 days before check-in, a new
 * one every 4 days (the old one released once the new is in place), and the
 * release 2 days after check-out, or the end at the cancellation. A hold
 * released by `until` is recorded as the provider answers it then, canceled.
 */
async function walkDeposit(w: Writer, booking: BookingRow, until: Date, cancelled: boolean): Promise<void> {
  const { tx, deps } = w;
  const [first] = await tx.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, booking.id));
  const checkedAt = new Date(booking.createdAt.getTime() + 5 * minuteMs);
  const validation = intentOf(demoIntentId(booking, 'validation'), 'succeeded', depositPolicy.validationChargeCents);
  let row = settled(
    await recordDepositCharge(tx, deps, booking, settled(first ?? null), 'validate', validation, checkedAt, checkedAt),
  );
  // The card check's refund, through the one refund path, inside the demo's one transaction.
  const refunded = await issueRefund(
    { db: tx, payments: deps.payments },
    {
      paymentIntentId: validation.id,
      amountCents: depositPolicy.validationChargeCents,
      reason: 'validation',
      idempotencyKey: `deposit-${booking.id}-validation-refund`,
    },
    {
      onRecorded: async (inner) => {
        row = settled(await recordValidationRefunded(inner, row));
      },
    },
  );
  if (refunded.status === 'failed') throw refunded.error;

  const holds: Date[] = [];
  const renewal = depositHoldRenewalDays * dayMs;
  for (
    let at = Math.max(row.holdFrom.getTime(), checkedAt.getTime() + minuteMs);
    at <= until.getTime() && at < row.releaseAt.getTime();
    at += renewal
  ) {
    holds.push(new Date(at));
  }
  const end = cancelled ? until : row.releaseAt <= until ? row.releaseAt : null;
  for (const [index, heldAt] of holds.entries()) {
    const released = index + 1 < holds.length || end !== null;
    const hold = intentOf(
      demoIntentId(booking, `hold${index + 1}`),
      released ? 'canceled' : 'requires_capture',
      row.amountCents,
    );
    row = settled(
      await recordDepositCharge(tx, deps, booking, row, index === 0 ? 'hold' : 'renew', hold, heldAt, heldAt),
    );
    if (index > 0) row = settled(await recordPreviousHoldReleased(tx, row));
  }
  if (end) settled(await recordDepositEnd(tx, row, holds.length > 0 && !cancelled ? 'released' : 'cancelled', end));
}

async function hasBookings(tx: Transaction): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(bookings);
  return (row?.n ?? 0) > 0;
}

/**
 * Writes the demo year at `now` into `db`, unless it has bookings already.
 * `actor` is who the audit log names (the first start, or the seed command).
 */
export async function seedDemoHistory(
  db: Database,
  { now, actor }: { now: Date; actor: AuditActor },
): Promise<DemoHistoryOutcome> {
  return db.transaction(async (tx): Promise<DemoHistoryOutcome> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${demoLockKey})`);
    if (await hasBookings(tx)) return { status: 'skipped', reason: demoHistoryRefusal };
    const snapshot = await loadRateSnapshot(tx);
    const homes = await demoHomes(tx, snapshot);
    if (homes.length === 0)
      return { status: 'skipped', reason: 'There are no homes that take bookings to write a demo history for.' };
    const plan: DemoHistory = planDemoHistory({ now, homes });
    const w: Writer = {
      tx,
      now,
      deps: { db: tx, payments: createSandboxProvider(tx), log: quiet },
      rates: ratesOf(snapshot),
      homes: new Map(homes.map((home) => [home.id, home])),
    };

    const written: { booking: BookingRow; plan: DemoBooking }[] = [];
    for (const planned of plan.bookings) {
      const booking = await writeBooking(w, planned);
      if (booking) written.push({ booking, plan: planned });
    }
    const demoReviews = written.flatMap(({ booking, plan: planned }) =>
      planned.review && booking.status === 'confirmed' ? [{ ...planned.review, propertyId: booking.propertyId }] : [],
    );
    if (demoReviews.length > 0) await tx.insert(reviews).values(demoReviews);

    let ownerBlocks = 0;
    for (const block of plan.ownerBlocks) {
      try {
        await tx.transaction((sp) =>
          sp.insert(stays).values({
            propertyId: block.homeId,
            nights: toDateRange(block.checkIn, block.checkOut),
            kind: 'owner_block',
            reason: ownerBlockReason,
            // Set by the owner a month ahead, or a few days ago for one that is near.
            createdAt: new Date(
              Math.min(Date.parse(`${addDays(block.checkIn, -30)}T15:00:00Z`), now.getTime() - 3 * dayMs),
            ),
          }),
        );
        ownerBlocks += 1;
      } catch (err) {
        if (!isOverlapError(err)) throw err;
      }
    }
    await tx.insert(ownerInquiries).values(plan.inquiries);
    // The coming stays' turnover tasks (issue 30), as their writers plan them; no kind has an assignee yet, so no e-mail.
    for (const home of homes) await planHomeTasks(tx, home.id, now, { publicUrl: '' });

    const outcome = {
      status: 'seeded' as const,
      bookings: written.length,
      cancelled: written.filter(({ booking }) => booking.status === 'cancelled').length,
      ownerBlocks,
      reviews: demoReviews.length,
      inquiries: plan.inquiries.length,
      skipped: plan.bookings.length - written.length,
    };
    await recordAudit(tx, actor, {
      action: demoHistoryAction,
      entity: 'database',
      entityId: 'demo-history',
      after: { ...outcome, at: now.toISOString() },
    });
    return outcome;
  });
}
