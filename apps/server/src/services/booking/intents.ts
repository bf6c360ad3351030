// Creating a payment intent (ADR 009, ADR 017): price the stay from the
// server's rates, hold its nights and ask the provider for the intent.
import {
  isOverlapError,
  retryTransaction,
  lockHomeCalendar,
  paymentIntents,
  promotions,
  properties,
  stays,
  toDateRange,
  users,
  type AcceptedAgreement,
  type BookingAddOn,
  type BookingContact,
  type PaymentProviderName,
} from '@sas/db';
import {
  centsToDollars,
  currency,
  discountsToApi,
  promoMessages,
  datesNoLongerAvailableMessage,
  formatUsd,
  isDomainError,
  isReservationReference,
  reservationSupersededMessage,
  orderTotalCents,
  agreementProblem,
  installmentsAvailable,
  installmentsMinDaysBeforeCheckIn,
  planPayments,
  rentalAgreementVersion,
  toPlannedPaymentDtos,
  taxAddOns,
  taxLinesToApi,
  taxRulesOf,
  todayIn,
  resolveAddOns,
  type AgreementInput,
  type PaymentPlan,
  scheduleStayAddOns,
  sumCents,
  type CreatePaymentIntentResponse,
  type Guests,
  type IsoDate,
  type PlannedPayment,
  type Quote,
} from '@sas/domain';
import { and, eq, inArray, isNotNull, isNull, ne, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { sha256Hex } from '../../lib/tokens.js';
import { releaseExpiredHolds } from '../availability.js';
import { quoteStay } from '../pricing.js';
import { reserveUse } from '../promotions/uses.js';
import type { BookingDeps } from '../money-deps.js';
import type { ProviderIntent } from '../payments/provider.js';

export interface CreateIntentRequest {
  propertyId: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  guests: Guests;
  addOns: readonly {
    id: number;
    option?: string | null | undefined;
    date?: string | null | undefined;
    time?: string | null | undefined;
  }[];
  /** Cents the browser shows. */
  amount: number;
  confirmationCode?: string | undefined;
  contact?: BookingContact | undefined;
  /** The signed-in guest (from a verified access token): the booking will be theirs. */
  userId?: string | undefined;
  paymentPlan?: PaymentPlan | undefined;
  agreement?: AgreementInput | undefined;
  /** A promo code the guest typed (issue 26). */
  promoCode?: string | undefined;
}

export const installmentsUnavailableMessage = `Installments are offered when check-in is more than ${installmentsMinDaysBeforeCheckIn} days away. Please choose to pay in full.`;

export type CreateIntentOutcome =
  | { status: 'ok'; intent: CreatePaymentIntentResponse }
  | { status: 'not_found' }
  | { status: 'rejected'; message: string }
  | { status: 'unavailable'; message: string }
  | { status: 'price_changed'; message: string; amount: number }
  /** The code the browser priced with cannot be used (any more): `amount` is the price without it. */
  | { status: 'promo_refused'; message: string; amount: number }
  /** An older tab of the same reservation: a newer attempt took over while this one was being made. */
  | { status: 'superseded'; message: string };

/** Stripe metadata: string values only; contact details so a webhook alone can complete the booking. */
function intentMetadata(holdId: string, request: CreateIntentRequest): Record<string, string> {
  const metadata: Record<string, string> = {
    hold_id: holdId,
    property_id: request.propertyId,
    check_in: request.checkIn,
    check_out: request.checkOut,
  };
  if (request.confirmationCode) metadata.client_reference = request.confirmationCode;
  if (request.contact) {
    metadata.first_name = request.contact.firstName;
    metadata.last_name = request.contact.lastName;
    metadata.email = request.contact.email;
    metadata.phone_number = request.contact.phoneNumber;
    if (request.contact.textMessages) metadata.text_messages = 'yes';
  }
  return metadata;
}

export function contactFromMetadata(metadata: Record<string, string>): BookingContact | null {
  const { first_name, last_name, email, phone_number } = metadata;
  if (!first_name || !last_name || !email || !phone_number) return null;
  return {
    firstName: first_name,
    lastName: last_name,
    email,
    phoneNumber: phone_number,
    ...(metadata.text_messages === 'yes' ? { textMessages: true } : {}),
  };
}

export function pricedAddOns(addOns: readonly BookingAddOn[]) {
  return addOns.map((addOn) => ({
    id: addOn.id,
    name: addOn.name,
    ...(addOn.option ? { option: addOn.option } : {}),
    price: centsToDollars(addOn.price),
    ...(addOn.date && addOn.time ? { date: addOn.date, time: addOn.time } : {}),
  }));
}

export interface StayIntent {
  /** What the provider answered, with the hash of its client secret. */
  intent: Pick<ProviderIntent, 'id' | 'status'> & { provider: PaymentProviderName; clientSecretHash: string };
  propertyId: string;
  /** The stay row holding the nights while the guest pays; null when none does (the demo history's). */
  holdId: string | null;
  stay: { checkIn: IsoDate; checkOut: IsoDate; guests: Guests };
  quote: Pick<Quote, 'nights' | 'base' | 'fees' | 'taxes' | 'taxLines' | 'discounts' | 'discount' | 'promo'>;
  addOns: BookingAddOn[];
  /** The charges planned at creation: the first is this intent's amount. */
  schedule: PlannedPayment[];
  agreement: AcceptedAgreement;
  saveCard: boolean;
  contact: BookingContact | null;
}

/**
 * The payment_intents row of a stay, as priced by the server when the intent
 * was made: what confirmation books (recordPaidBooking), whatever the browser
 * says later. The demo history (services/demo) records its stays' payments
 * with it too.
 */
export function stayIntentRow({
  intent,
  propertyId,
  holdId,
  stay,
  quote,
  addOns,
  schedule,
  agreement,
  saveCard,
  contact,
}: StayIntent): typeof paymentIntents.$inferInsert {
  const addOnsCents = sumCents(...addOns.map((addOn) => addOn.price));
  return {
    id: intent.id,
    provider: intent.provider,
    status: intent.status,
    amountCents: schedule[0]?.amountCents ?? quote.base - quote.discount + quote.fees + quote.taxes + addOnsCents,
    currency,
    clientSecretHash: intent.clientSecretHash,
    propertyId,
    holdId,
    plan: schedule.length > 1 ? 'installments' : 'full',
    schedule,
    agreement,
    saveCard,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    nights: quote.nights,
    guests: stay.guests,
    addOns,
    baseCents: quote.base,
    feesCents: quote.fees,
    taxesCents: quote.taxes,
    taxLines: quote.taxLines,
    addOnsCents,
    discountCents: quote.discount,
    discounts: quote.discounts.map((line) => ({ kind: line.kind, name: line.name, amountCents: line.amount })),
    promoCode: quote.promo?.applied ? quote.promo.code : null,
    contact,
  };
}

/** Statuses of an intent nobody is paying right now: a newer attempt of the same reservation may replace it. */
const unpaidStatuses = ['requires_payment_method', 'requires_confirmation', 'requires_action'] as const;

/** Intents of the same account, or anonymous ones (a guest may sign in half-way). */
function sameGuest(userId: string | undefined): SQL | undefined {
  return userId === undefined
    ? isNull(paymentIntents.userId)
    : or(isNull(paymentIntents.userId), eq(paymentIntents.userId, userId));
}

/**
 * The reservation's own holds (ADR 017): active holds made under its
 * reference, unless a payment for one went through or is under way (that one
 * becomes the booking) or belongs to another account. A new attempt counts
 * their nights as free and releases them in the transaction that holds the
 * new nights, whatever changed: add-ons, dates, guests, even the home.
 */
export function replaceableHolds(reference: string, userId: string | undefined): SQL {
  const keeps = or(
    notInArray(paymentIntents.status, [...unpaidStatuses, 'canceled']),
    isNotNull(paymentIntents.refundRequestedAt),
    userId === undefined ? isNotNull(paymentIntents.userId) : ne(paymentIntents.userId, userId),
  );
  return and(
    eq(stays.kind, 'hold'),
    eq(stays.status, 'active'),
    eq(stays.reference, reference),
    notExists(sql`(SELECT 1 FROM ${paymentIntents} WHERE ${paymentIntents.holdId} = ${stays.id} AND ${keeps})`),
  ) as SQL;
}

/** A request priced by the server: what the guest pays and what makes it up. */
interface PricedRequest {
  quote: Quote;
  addOns: BookingAddOn[];
  plan: PaymentPlan;
  today: IsoDate;
  depositCents: number;
  /** Cents: the stay after its discounts, with the add-ons. */
  total: number;
  /** The code to reserve a use of with the hold, when one applies. */
  promotionId: string | null;
}

type Refusal = Exclude<CreateIntentOutcome, { status: 'ok' }>;

/** Cents of a priced stay with its add-ons, after its discounts. */
function totalOf(quote: Quote, addOns: readonly BookingAddOn[]): number {
  return orderTotalCents({
    basePrice: quote.base,
    discount: quote.discount,
    taxes: quote.taxes,
    fees: quote.fees,
    addOns,
  });
}

/**
 * Step 1: the price, from the server's rates, catalogue and promotions, and
 * every rule a payment must meet (agreement, plan, add-ons); the browser's
 * amount must be that price.
 */
async function priceRequest(
  deps: BookingDeps,
  request: CreateIntentRequest,
  propertyId: string,
  mine: SQL | undefined,
  now: Date,
): Promise<PricedRequest | Refusal> {
  const { db } = deps;
  const quoted = await quoteStay(
    { db, rates: deps.rates },
    { kind: 'uuid', id: propertyId },
    {
      checkIn: request.checkIn,
      checkOut: request.checkOut,
      guests: request.guests,
      promoCode: request.promoCode,
      email: request.contact?.email ?? null,
    },
    now,
    mine,
  );
  if (quoted.status === 'not_found') return { status: 'not_found' };
  if (quoted.status === 'rejected') {
    return quoted.error.code === 'dates_unavailable'
      ? { status: 'unavailable', message: datesNoLongerAvailableMessage }
      : { status: 'rejected', message: quoted.error.message };
  }
  let quote = quoted.quote;

  const [home] = await db
    .select({
      timeZone: properties.timeZone,
      ageRestricted: properties.ageRestricted,
      depositCents: properties.depositCents,
    })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!home) return { status: 'not_found' };
  const agreementRefused = agreementProblem(request.agreement, home.ageRestricted);
  if (agreementRefused) return { status: 'rejected', message: agreementRefused };
  const plan: PaymentPlan = request.paymentPlan ?? 'full';
  const today = todayIn(home.timeZone, now);
  if (plan === 'installments' && !installmentsAvailable(today, request.checkIn)) {
    return { status: 'rejected', message: installmentsUnavailableMessage };
  }

  let addOns: BookingAddOn[];
  try {
    const resolved = resolveAddOns(request.addOns.map(({ id, option }) => ({ id, option: option ?? undefined })));
    addOns = scheduleStayAddOns(
      resolved.map((addOn, index) => ({
        ...addOn,
        date: request.addOns[index]?.date,
        time: request.addOns[index]?.time,
      })),
      { checkIn: request.checkIn, checkOut: request.checkOut },
    );
  } catch (err) {
    if (isDomainError(err)) return { status: 'rejected', message: err.message };
    throw err;
  }
  // Lines that tax add-ons (issue 29) tax the ones bought with the stay.
  const rated = (await deps.rates.find({ kind: 'uuid', id: propertyId }))?.rates;
  if (rated) quote = taxAddOns(quote, taxRulesOf(rated), sumCents(...addOns.map((addOn) => addOn.price)));
  const total = totalOf(quote, addOns);
  if (request.amount !== total) {
    // A code refused since the browser priced with it: say why, with the price without it.
    if (quote.promo && !quote.promo.applied && quote.promo.reason) {
      return {
        status: 'promo_refused',
        message: `${quote.promo.reason} The total without it is ${formatUsd(total)}.`,
        amount: total,
      };
    }
    return {
      status: 'price_changed',
      message: `The price has changed. The correct total is ${formatUsd(total)}.`,
      amount: total,
    };
  }
  const promotionId = quote.promo?.applied ? await promotionIdOf(db, quote.promo.code) : null;
  return { quote, addOns, plan, today, depositCents: home.depositCents, total, promotionId };
}

/** Thrown inside the hold's transaction to undo it when the code's last use went to someone else. */
class PromoUseRefused extends Error {
  constructor(readonly reason: 'used_up' | 'used_by_guest' | 'inactive') {
    super(`promo use refused: ${reason}`);
  }
}

/**
 * Step 2: holds the nights (releasing the reservation's own earlier holds and
 * canceling their unpaid intents) and reserves the code's use with the hold,
 * in one transaction. The exclusion constraint on stays decides a race for
 * the same nights, the code's row lock a race for its last uses.
 */
async function holdNights(
  deps: BookingDeps,
  request: CreateIntentRequest,
  propertyId: string,
  reference: string | undefined,
  mine: SQL | undefined,
  priced: PricedRequest,
): Promise<{ hold: { id: string; expiresAt: Date | null }; canceled: string[] }> {
  const { db } = deps;
  // The home's calendar lock makes racing guests take turns; the retry is
  // for any deadlock left (with a confirmation of the same guest's hold).
  return retryTransaction(() =>
    db.transaction(async (tx) => {
      await lockHomeCalendar(tx, propertyId);
      let canceled: string[] = [];
      if (reference !== undefined && mine !== undefined) {
        // An intent being paid right now keeps its row lock until its status says so; this waits for it.
        const rows = await tx
          .update(paymentIntents)
          .set({ status: 'canceled', updatedAt: sql`now()` })
          .where(
            and(
              eq(paymentIntents.clientReference, reference),
              inArray(paymentIntents.status, [...unpaidStatuses]),
              isNull(paymentIntents.refundRequestedAt),
              sameGuest(request.userId),
            ),
          )
          .returning({ id: paymentIntents.id });
        canceled = rows.map((row) => row.id);
        await tx.update(stays).set({ status: 'released' }).where(mine);
      }
      // Lapsed holds still count for the exclusion constraint until released.
      await releaseExpiredHolds(tx, propertyId, request.checkIn, request.checkOut);
      const [row] = await tx
        .insert(stays)
        .values({
          propertyId,
          nights: toDateRange(request.checkIn, request.checkOut),
          kind: 'hold',
          // The database clock, the same one that decides when a hold has lapsed.
          expiresAt: sql`now() + make_interval(mins => ${deps.holdMinutes})`,
          reason: 'Payment in progress',
          reference: reference ?? null,
        })
        .returning({ id: stays.id, expiresAt: stays.expiresAt });
      if (!row) throw new Error('The hold was not inserted');
      if (priced.promotionId !== null) {
        const use = await reserveUse(tx, {
          promotionId: priced.promotionId,
          holdId: row.id,
          email: request.contact?.email.trim().toLowerCase() ?? null,
          discountCents: priced.quote.discounts
            .filter((line) => line.kind === 'code')
            .reduce((sum, line) => sum + line.amount, 0),
        });
        if (!use.ok) throw new PromoUseRefused(use.reason);
      }
      return { hold: row, canceled };
    }),
  );
}

/** The total without the code, when its use was refused at the hold. */
async function refusedPromo(
  deps: BookingDeps,
  request: CreateIntentRequest,
  propertyId: string,
  mine: SQL | undefined,
  reason: PromoUseRefused['reason'],
  now: Date,
): Promise<Refusal> {
  const code = request.promoCode ?? '';
  const message = reason === 'used_by_guest' ? promoMessages.usedByGuest(code) : promoMessages.noLongerAvailable(code);
  const without = await priceRequest(deps, { ...request, promoCode: undefined, amount: -1 }, propertyId, mine, now);
  const amount = 'amount' in without ? without.amount : 0;
  return { status: 'promo_refused', message: `${message} The total without it is ${formatUsd(amount)}.`, amount };
}

async function promotionIdOf(db: BookingDeps['db'], code: string): Promise<string | null> {
  const [row] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(sql`lower(${promotions.code})`, code.toLowerCase()), isNull(promotions.deletedAt)));
  return row?.id ?? null;
}

/**
 * Prices the stay from the server's rates, catalogue and promotions, refuses
 * a browser amount that differs, holds the nights (with the code's use) and
 * creates the payment intent. The exclusion constraint on stays decides a
 * race for the same nights: one hold is inserted, every other request gets
 * `unavailable` before any charge; the code's row lock decides a race for
 * its last uses: the others get `promo_refused` before any charge.
 *
 * A reservation keeps one reference (`confirmationCode`) for its whole life.
 * Coming back to the payment step after Back, new add-ons, new dates, a
 * reload or a second tab asks again under that reference: the earlier unpaid
 * intents are canceled (so nobody pays the old amount later) and their holds
 * released at once, in the same transaction that holds the new nights. Only
 * another guest's hold or booking is "no longer available".
 */
export async function createPaymentIntent(
  deps: BookingDeps,
  request: CreateIntentRequest,
  now: Date,
): Promise<CreateIntentOutcome> {
  const { db, payments } = deps;
  const propertyId = request.propertyId.toLowerCase();
  const reference = isReservationReference(request.confirmationCode) ? request.confirmationCode : undefined;
  const mine = reference === undefined ? undefined : replaceableHolds(reference, request.userId);
  const priced = await priceRequest(deps, request, propertyId, mine, now);
  if ('status' in priced) return priced;
  const { quote, addOns, plan, today, total } = priced;

  let held: { hold: { id: string; expiresAt: Date | null }; canceled: string[] };
  try {
    held = await holdNights(deps, request, propertyId, reference, mine, priced);
  } catch (err) {
    if (isOverlapError(err)) return { status: 'unavailable', message: datesNoLongerAvailableMessage };
    if (err instanceof PromoUseRefused) return refusedPromo(deps, request, propertyId, mine, err.reason, now);
    throw err;
  }
  const { hold } = held;
  await cancelAtProvider(deps, held.canceled);

  const schedule = planPayments(plan, total, today, request.checkIn);
  const chargedNow = schedule[0]?.amountCents ?? total;
  // Later installments and the deposit's holds are charged while the guest is away.
  const saveCard = plan === 'installments' || priced.depositCents > 0;
  const agreement = {
    version: rentalAgreementVersion,
    acceptedAt: now.toISOString(),
    over25: request.agreement?.over25 === true,
  };
  try {
    const created = await payments.createIntent({
      amount: chargedNow,
      currency,
      description: `Stay ${request.checkIn} to ${request.checkOut}`,
      metadata: intentMetadata(hold.id, request),
      // One intent per hold, however often this call is retried.
      idempotencyKey: `hold-${hold.id}`,
      ...(saveCard
        ? {
            saveCard: {
              email: request.contact?.email ?? null,
              name: request.contact ? `${request.contact.firstName} ${request.contact.lastName}` : null,
            },
          }
        : {}),
    });
    // Recorded only while the hold is still ours: a newer attempt of the same
    // reservation (another tab) may have replaced it while the provider answered.
    const recorded = await retryTransaction(() =>
      db.transaction(async (tx) => {
        await lockHomeCalendar(tx, propertyId);
        const [active] = await tx
          .select({ id: stays.id })
          .from(stays)
          .where(and(eq(stays.id, hold.id), eq(stays.status, 'active')));
        if (!active) return false;
        await tx.insert(paymentIntents).values({
          ...stayIntentRow({
            intent: { ...created, provider: payments.name, clientSecretHash: sha256Hex(created.clientSecret) },
            propertyId,
            holdId: hold.id,
            stay: request,
            quote,
            addOns,
            schedule,
            agreement,
            saveCard,
            contact: request.contact ?? null,
          }),
          clientReference: request.confirmationCode ?? null,
          // Null if the account is gone since its access token was issued.
          userId: request.userId ? sql`(SELECT ${users.id} FROM ${users} WHERE ${users.id} = ${request.userId})` : null,
        });
        return true;
      }),
    );
    if (!recorded) {
      await cancelAtProvider(deps, [created.id]);
      return { status: 'superseded', message: reservationSupersededMessage };
    }
    return {
      status: 'ok',
      intent: {
        clientSecret: created.clientSecret,
        paymentIntentId: created.id,
        amount: chargedNow,
        currency,
        holdExpiresAt: (hold.expiresAt ?? now).toISOString(),
        breakdown: {
          nights: quote.nights,
          basePrice: centsToDollars(quote.base),
          discounts: discountsToApi(quote.discounts),
          ...(quote.promo ? { promo: quote.promo } : {}),
          fees: centsToDollars(quote.fees),
          taxes: centsToDollars(quote.taxes),
          taxLines: taxLinesToApi(quote.taxLines),
          addOns: pricedAddOns(addOns),
          total: centsToDollars(total),
        },
        schedule: toPlannedPaymentDtos(schedule),
      },
    };
  } catch (err) {
    // Nobody can pay for a hold without an intent: give the nights (and the code's use) back now.
    await db
      .update(stays)
      .set({ status: 'released' })
      .where(eq(stays.id, hold.id))
      .catch((releaseErr: unknown) => deps.log.error({ err: releaseErr }, 'could not release a hold'));
    throw err;
  }
}

/**
 * Tells the processor that replaced intents must not be paid any more. Our
 * own row already says canceled; an intent paid at the processor before this
 * arrives is settled by confirmation like any payment whose hold is gone
 * (nights taken again, or refunded in full).
 */
async function cancelAtProvider(deps: BookingDeps, intentIds: readonly string[]): Promise<void> {
  for (const id of intentIds) {
    try {
      const status = await deps.payments.cancelIntent(id);
      if (status !== null && status !== 'canceled') {
        deps.log.warn({ paymentIntentId: id, status }, 'a replaced payment intent could not be canceled');
      }
    } catch (err) {
      deps.log.error({ err, paymentIntentId: id }, 'could not cancel a replaced payment intent');
    }
  }
}
