// The reservation in progress (SPEC.md section 3, "Reservation draft"), kept
// in sessionStorage so a reload, or a visit to another tab of the same
// session, resumes at the step the guest was on. One shape, checked with zod
// when read back: the home, the stay, the contact, the add-ons, the rental
// agreement's ticks, the payment plan, the server's quote and the
// reservation's reference. Money from the quote stays in the
// API's dollars; it becomes cents (toCents) only where it is added up.
import { z } from 'zod';
import {
  addOnCatalogue,
  discountLineSchema,
  isIsoDate,
  promoOutcomeSchema,
  orderTotalCents,
  paymentPlans,
  quoteResponseSchema,
  taxLineSchema,
  reservationReferencePattern,
  reservationSteps,
  selectedAddOnSchema,
  toCents,
  agreementMessages,
  installmentsAvailable,
  todayIn,
  type AgreementInput,
  type BookingContact,
  type PaymentPlan,
  type QuoteResponse,
} from '@sas/domain';
import { readMarketingPromo } from '@/lib/marketing-promo';
import { forgetPaymentIntent } from './saved-payment-intent';

const isoDate = z.string().refine(isIsoDate);
const count = z.number().int().min(0);

/** The home being reserved, as much as the reservation steps show and check. */
export const reservationHomeSchema = z.object({
  /** UUID: the id the quote and payment endpoints take. */
  id: z.string().min(1),
  slug: z.string(),
  /** The home's display name (propertyDisplayName). */
  name: z.string(),
  pictureUrl: z.string(),
  city: z.string(),
  state: z.string(),
  maxGuests: z.number().int().positive(),
  petsAllowed: z.boolean(),
  // Defaults for reservations started before issue 17: the server still
  // decides (it refuses a missing over-25 tick with a 422 the flow answers).
  /** The home's IANA time zone: "today" for the payment plan is the home's. */
  timeZone: z.string().min(1).default('America/Denver'),
  /** Cabins and select luxury condos: the primary renter must be over 25. */
  ageRestricted: z.boolean().default(false),
  /** The security deposit in dollars; 0 when the home asks for none. */
  depositAmount: z.number().min(0).default(0),
});
export type ReservationHome = z.infer<typeof reservationHomeSchema>;

export const stayGuestsSchema = z.object({ adults: count, children: count, infants: count, pets: count });
export type StayGuests = z.infer<typeof stayGuestsSchema>;

export const reservationStaySchema = z.object({ checkIn: isoDate, checkOut: isoDate, guests: stayGuestsSchema });
export type ReservationStay = z.infer<typeof reservationStaySchema>;

/** What the property page hands to /reservation as navigation state (SPEC.md section 2). */
export const reservationStartSchema = z.object({
  home: reservationHomeSchema,
  stay: reservationStaySchema,
  /** The server's quote for exactly this stay (dollars), as shown when Reserve was pressed. */
  quote: quoteResponseSchema,
});
export type ReservationStartState = z.infer<typeof reservationStartSchema>;

/** The contact fields as typed; bookingContactSchema checks them before step 2. */
export const contactDraftSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  /** Arrival details and the checkout reminder by text too (issue 28); off unless ticked. */
  textMessages: z.boolean().default(false),
  /** Marketing e-mail (a reminder if the booking is not finished); off unless ticked. */
  marketingEmail: z.boolean().default(false),
});
export type ContactDetails = z.infer<typeof contactDraftSchema>;

/** The server's price of the stay, dollars as the quote sent them. */
const draftQuoteSchema = z.object({
  nights: z.number().int().positive(),
  basePrice: z.number(),
  taxes: z.number(),
  /** The taxes by jurisdiction (issue 29); they add up to `taxes`. */
  taxLines: z.array(taxLineSchema).default([]),
  fees: z.number(),
  /** The stay's discounts (issue 26): the automatic one and the code's, each on its own line. */
  discounts: z.array(discountLineSchema).default([]),
});
export type DraftQuote = z.infer<typeof draftQuoteSchema>;

/** The ticks of step 2: the rental agreement, and that the primary renter is over 25 (age-restricted homes). */
export const agreementDraftSchema = z.object({ accepted: z.boolean(), over25: z.boolean() });
export type AgreementDraft = z.infer<typeof agreementDraftSchema>;

const knownAddOnSchema = selectedAddOnSchema.refine((addOn) => addOnCatalogue.some(({ id }) => id === addOn.id));

export const reservationDraftSchema = z.object({
  /**
   * The reservation's reference for its whole life: every payment attempt is
   * made under it, so the server replaces this reservation's own hold rather
   * than refusing it (ADR 017).
   */
  reference: z.string().regex(reservationReferencePattern),
  /**
   * React Router's key of the history entry that started this reservation.
   * The browser keeps a page's navigation state across a reload, so without
   * it a reload on step 2 would look like a fresh start from the property page.
   */
  startKey: z.string(),
  step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  home: reservationHomeSchema,
  stay: reservationStaySchema,
  contact: contactDraftSchema,
  /** Prices in cents, from the add-on catalogue. */
  addOns: z.array(knownAddOnSchema),
  agreement: agreementDraftSchema.default({ accepted: false, over25: false }),
  /** Chosen at the payment step; installments only when check-in is far enough away. */
  paymentPlan: z.enum(paymentPlans).default('full'),
  quote: draftQuoteSchema,
  /** The promo code typed at the payment step or brought by a marketing link (issue 26). */
  promoCode: z.string().optional(),
  /** What the server said of it with the last quote: applied, or why not. */
  promo: promoOutcomeSchema.optional(),
});
export type ReservationDraft = z.infer<typeof reservationDraftSchema>;
export type ReservationStep = ReservationDraft['step'];

const storageKey = 'sas:reservation-draft';

export function emptyContact(): ContactDetails {
  // SPEC.md's draft pre-filled sample values; real guests must type their own.
  return { firstName: '', lastName: '', email: '', phoneNumber: '', textMessages: false, marketingEmail: false };
}

/** A new reservation's reference: random, so that knowing it proves being this reservation. */
export function newReference(): string {
  return crypto.randomUUID();
}

function draftQuoteOf(quote: QuoteResponse): DraftQuote {
  const { nights, basePrice, taxes, taxLines, fees, discounts } = quote;
  return { nights, basePrice, taxes, taxLines, fees, discounts };
}

/**
 * The quote's dates and prices applied to a draft (new dates from the inline
 * editor, or a promo code applied). The code is kept only while the server
 * applies it; a refused one leaves its reason in `promo`.
 */
export function withQuote(draft: ReservationDraft, quote: QuoteResponse): ReservationDraft {
  const { promoCode: _code, promo: _promo, ...rest } = draft;
  return {
    ...rest,
    stay: { ...draft.stay, checkIn: quote.checkin_date, checkOut: quote.checkout_date },
    quote: draftQuoteOf(quote),
    ...(quote.promo ? { promo: quote.promo } : {}),
    ...(quote.promo?.applied ? { promoCode: quote.promo.code } : {}),
  };
}

/** The code the server applied to the draft's price, to send with the payment. */
export function appliedPromoCode(draft: Pick<ReservationDraft, 'promo' | 'promoCode'>): string | undefined {
  return draft.promo?.applied ? draft.promoCode : undefined;
}

export function draftFromStart(start: ReservationStartState, startKey: string): ReservationDraft {
  // A marketing link's code waits here until the reservation prices it (usePendingPromo).
  const marketing = readMarketingPromo();
  return {
    reference: newReference(),
    startKey,
    step: 1,
    home: start.home,
    stay: start.stay,
    contact: emptyContact(),
    addOns: [],
    agreement: { accepted: false, over25: false },
    paymentPlan: 'full',
    quote: draftQuoteOf(start.quote),
    ...(marketing ? { promoCode: marketing } : {}),
  };
}

/** Base price, discounts, taxes, fees and add-ons in cents, and their total (SPEC.md section 9, issue 26). */
export function draftAmounts(draft: Pick<ReservationDraft, 'quote' | 'addOns'>) {
  const basePrice = toCents(draft.quote.basePrice);
  const taxes = toCents(draft.quote.taxes);
  const fees = toCents(draft.quote.fees);
  const discounts = draft.quote.discounts.map((line) => ({ ...line, cents: toCents(line.amount) }));
  const discount = discounts.reduce((sum, line) => sum + line.cents, 0);
  return {
    basePrice,
    discounts,
    taxes,
    fees,
    total: orderTotalCents({ basePrice, discount, taxes, fees, addOns: draft.addOns }),
  };
}

export type AgreementBox = keyof AgreementDraft;

/** The box a refusal of the server is about (it answers in the domain's words), or null. */
export function refusedBox(message: string): AgreementBox | null {
  if (message === agreementMessages.required) return 'accepted';
  if (message === agreementMessages.over25) return 'over25';
  return null;
}

/**
 * The draft after the server refused its payment for the agreement: back at
 * step 2 with the box it names unticked. A home the draft did not know to be
 * age-restricted (a reservation started before the flag was set) now is, so
 * its box shows.
 */
export function withAgreementRefused(draft: ReservationDraft, message: string): ReservationDraft {
  const box = refusedBox(message);
  return {
    ...draft,
    step: 2,
    home: box === 'over25' ? { ...draft.home, ageRestricted: true } : draft.home,
    agreement: box === null ? draft.agreement : { ...draft.agreement, [box]: false },
  };
}

/** The agreement as create-payment-intent takes it: over25 only for a home that asks. */
export function agreementInput({ agreement, home }: Pick<ReservationDraft, 'agreement' | 'home'>): AgreementInput {
  return home.ageRestricted
    ? { accepted: agreement.accepted, over25: agreement.over25 }
    : { accepted: agreement.accepted };
}

/** The plan to ask for: installments only while the stay is far enough away on the home's clock. */
export function effectivePaymentPlan(
  draft: Pick<ReservationDraft, 'paymentPlan' | 'home' | 'stay'>,
  now: Date = new Date(),
): PaymentPlan {
  return draft.paymentPlan === 'installments' && canPayInInstallments(draft, now) ? 'installments' : 'full';
}

export function canPayInInstallments(draft: Pick<ReservationDraft, 'home' | 'stay'>, now: Date = new Date()): boolean {
  return installmentsAvailable(todayIn(draft.home.timeZone, now), draft.stay.checkIn);
}

/**
 * The contact as the server takes it: the opt-ins only when ticked (the
 * server records them with the payment intent; the confirmation needs none).
 */
export function contactPayload<T extends ContactDetails | BookingContact>(
  contact: T,
  { optIns }: { optIns: boolean },
): BookingContact {
  const { firstName, lastName, email, phoneNumber } = contact;
  return {
    firstName,
    lastName,
    email,
    phoneNumber,
    ...(optIns && contact.textMessages ? { textMessages: true } : {}),
    ...(optIns && contact.marketingEmail ? { marketingEmail: true } : {}),
  };
}

export function isContactComplete(contact: ContactDetails): boolean {
  return [contact.firstName, contact.lastName, contact.email, contact.phoneNumber].every(
    (value) => value.trim() !== '',
  );
}

export function clampStep(step: number): ReservationStep {
  return Math.min(reservationSteps, Math.max(1, Math.round(step))) as ReservationStep;
}

/** The draft if `value` is one (history state and storage outlive code versions), else null. */
export function parseDraft(value: unknown): ReservationDraft | null {
  const parsed = reservationDraftSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function readDraft(): ReservationDraft | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey);
    // sessionStorage is writable by anything on the page: checked, and dropped when it does not fit.
    return raw === null ? null : parseDraft(JSON.parse(raw));
  } catch {
    // Storage disabled, or not JSON: start over rather than fail the page.
    return null;
  }
}

export function saveDraft(draft: ReservationDraft): void {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify(draft));
  } catch {
    // Without storage (privacy modes, quota) the flow still works; only a reload loses it.
  }
}

/** Forgets the reservation and the payment intent opened for it. */
export function clearDraft(): void {
  forgetPaymentIntent();
  try {
    window.sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
