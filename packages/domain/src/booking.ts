// Zod contracts of the money path (DESIGN.md "Money path", SPEC.md sections 3,
// 4 and 7): the publishable key, creating a payment intent, the sandbox card
// form, confirming a reservation and the e-mail fallbacks. The browser sends
// what the guest chose; the server prices it again and answers in dollars.
import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { discountLineSchema, guestsSchema, promoCodeField, promoOutcomeSchema } from './quote.js';
import { agreementSchema, paymentPlans, plannedPaymentSchema } from './payment-schedule.js';
import { taxLineSchema } from './taxes.js';
import { normalizePhoneNumber } from './texting.js';

export const paymentProviderNames = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviderNames)[number];

/** What the sandbox provider answers as its publishable key: the browser then shows the local card form. */
export const sandboxPublishableKey = 'pk_sandbox';

/** Minutes the nights stay held while the guest pays, unless HOLD_MINUTES says otherwise. */
export const defaultHoldMinutes = 15;

/** Booking codes: SAS- and six characters without look-alikes (no 0/O, 1/I/L). */
export const bookingCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const bookingCodeLength = 6;
export const bookingCodePattern = /^SAS-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

export function isBookingCode(value: string): boolean {
  return bookingCodePattern.test(value);
}

/**
 * The demo history's bookings (ADR 040) have codes starting SAS-DEM (D, E and
 * M are in the alphabet); a real booking is never given one, so a code says
 * which it is.
 */
export const demoBookingCodePrefix = 'SAS-DEM';

export function isDemoBookingCode(code: string): boolean {
  return code.startsWith(demoBookingCodePrefix);
}

export const datesNoLongerAvailableMessage = 'These dates are no longer available';
export const refundedAfterLosingDatesMessage =
  'We could not keep these dates after your payment, so it has been refunded in full.';

/** 409 to an older tab of the same reservation when a newer one has taken over its hold. */
export const reservationSupersededMessage =
  'This reservation was changed in another tab or window. Please continue there, or try again here.';

function isoDateField(name: string) {
  return z.string().refine(isIsoDate, { error: `${name} must be a calendar date written as YYYY-MM-DD` });
}

const requiredText = (name: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} must be at most ${max} characters long` });

/** The guest's contact details (reservation step 1). */
export const bookingContactSchema = z
  .object({
    firstName: requiredText('firstName', 100),
    lastName: requiredText('lastName', 100),
    email: z.email({ error: 'email must be a valid e-mail address' }).max(254),
    phoneNumber: requiredText('phoneNumber', 40),
    /** Arrival details and the checkout reminder also by text to phoneNumber (issue 28); it must then be a full number. */
    textMessages: z.boolean().optional(),
    /** Marketing e-mail (the abandoned-checkout reminder) to this address; unticked unless the guest ticks it. */
    marketingEmail: z.boolean().optional(),
  })
  .superRefine((contact, ctx) => {
    if (contact.textMessages && normalizePhoneNumber(contact.phoneNumber) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['phoneNumber'],
        message:
          'phoneNumber must be a full phone number with its country code, like +1 555 010 0123, to receive text messages',
      });
    }
  });
export type BookingContact = z.infer<typeof bookingContactSchema>;

/**
 * An add-on the guest ticked. Only `id` and `option` are used: the server
 * takes names and prices from its catalogue, so the browser may send its
 * display copy along (SPEC.md section 3: id, name, price, option).
 */
export const addOnChoiceSchema = z.object({
  id: z.number().int().positive(),
  option: z.string().max(50).nullish(),
  /** The day of the stay and the time (home's clock) the service is for; the first full day when absent. */
  date: z.string().max(10).nullish(),
  time: z.string().max(5).nullish(),
  name: z.string().max(200).optional(),
  price: z.number().optional(),
});

// Publishable key ----------------------------------------------------------------

/** GET /api/stripe/publishable-key */
export const publishableKeyResponseSchema = z.object({
  publishableKey: z.string(),
  provider: z.enum(paymentProviderNames),
});
export type PublishableKeyResponse = z.infer<typeof publishableKeyResponseSchema>;

// Create payment intent ------------------------------------------------------------

/** POST /api/stripe/create-payment-intent */
export const createPaymentIntentRequestSchema = z
  .object({
    /** The home's UUID, listing number (SAS-1006) or slug; the server resolves it to the UUID. */
    propertyId: z.string().trim().min(1),
    checkIn: isoDateField('checkIn'),
    checkOut: isoDateField('checkOut'),
    guests: guestsSchema,
    addOns: z.array(addOnChoiceSchema).max(20).default([]),
    /** Integer cents the browser shows; refused with 409 when it is not the server's total. */
    amount: z.number().int().min(0),
    /** The browser's temporary reference (SPEC.md: built from a timestamp). */
    confirmationCode: z.string().trim().max(100).optional(),
    /** Needed for a booking that completes without the browser (webhook, worker). */
    contact: bookingContactSchema.optional(),
    /** Pay in full now, or in up to 3 installments when check-in is more than 45 days away (issue 17). */
    paymentPlan: z.enum(paymentPlans, { error: "paymentPlan must be 'full' or 'installments'" }).default('full'),
    /** The rental agreement ticked at step 2; refused with 422 when missing or not accepted. */
    agreement: agreementSchema.optional(),
    /** A promo code (issue 26): priced again here; a code no longer available answers 409 `promo` with the price without it. */
    promoCode: promoCodeField.optional(),
  })
  .strict();
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentRequestSchema>;

/** A priced add-on in an answer: catalogue name, dollars. */
export const pricedAddOnSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  option: z.string().optional(),
  price: z.number(),
  date: z.string().optional(),
  time: z.string().optional(),
});
export type PricedAddOn = z.infer<typeof pricedAddOnSchema>;

/** The server's price of the stay, dollars. total = basePrice - sum(discounts) + fees + taxes + add-ons. */
export const priceBreakdownSchema = z.object({
  nights: z.number().int(),
  basePrice: z.number(),
  /** The stay's discounts (issue 26), each on its own line. */
  discounts: z.array(discountLineSchema).default([]),
  /** What became of the promo code sent, if one was. */
  promo: promoOutcomeSchema.optional(),
  fees: z.number(),
  taxes: z.number(),
  /** The taxes by jurisdiction (issue 29); they add up to `taxes`. */
  taxLines: z.array(taxLineSchema).default([]),
  addOns: z.array(pricedAddOnSchema),
  total: z.number(),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** Cents, the amount the provider will charge. */
  amount: z.number().int(),
  currency: z.literal('usd'),
  /** When the held nights are released unless paid (ISO 8601). */
  holdExpiresAt: z.string(),
  breakdown: priceBreakdownSchema,
  /** What is charged when, in dollars: `amount` now, the rest on their due dates (home's calendar). */
  schedule: z.array(plannedPaymentSchema),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** 409 when the browser's amount is not the server's: `amount` is the right one, in cents. */
export const priceChangedBodySchema = z.object({ message: z.string(), amount: z.number().int() });
export type PriceChangedBody = z.infer<typeof priceChangedBodySchema>;

// Sandbox card form ------------------------------------------------------------------

/** POST /api/sandbox/payment-intents/{id}/confirm */
export const sandboxConfirmRequestSchema = z
  .object({
    clientSecret: z.string().min(1).max(300),
    card: z
      .object({
        /** Digits; spaces and dashes as typed are allowed. */
        number: z.string().max(40),
        expMonth: z.number().int(),
        /** Two or four digits. */
        expYear: z.number().int(),
        cvc: z.string().max(10),
      })
      .strict(),
  })
  .strict();
export type SandboxConfirmRequest = z.infer<typeof sandboxConfirmRequestSchema>;

export const sandboxConfirmResponseSchema = z.object({ id: z.string(), status: z.literal('succeeded') });
/** 402: the card was refused; `message` is shown above the pay button. */
export const sandboxDeclinedBodySchema = z.object({
  status: z.literal('requires_payment_method'),
  message: z.string(),
});

// Confirm reservation --------------------------------------------------------------

const looseNumber = z.number().optional();
const looseText = z.string().max(500).optional();

/**
 * POST /api/reservation/confirm: SPEC.md's booking confirmation payload. Only
 * paymentIntentId and the contact fields are used; the stay and its price
 * come from what the server recorded when the intent was created, so the
 * other fields are accepted as sent and ignored.
 */
export const bookingConfirmationPayloadSchema = z.object({
  id: looseText,
  confirmationCode: looseText,
  paymentIntentId: z.string().trim().min(1, { error: 'paymentIntentId is required' }).max(255),
  propertyId: looseText,
  propertyName: looseText,
  checkIn: looseText,
  checkOut: looseText,
  firstName: bookingContactSchema.shape.firstName,
  lastName: bookingContactSchema.shape.lastName,
  email: bookingContactSchema.shape.email,
  phoneNumber: bookingContactSchema.shape.phoneNumber,
  nights: looseNumber,
  adults: looseNumber,
  children: looseNumber,
  infants: looseNumber,
  pets: looseNumber,
  basePrice: looseNumber,
  taxes: looseNumber,
  fees: looseNumber,
  totalAmount: looseNumber,
  currency: looseText,
  addOns: z.array(z.unknown()).max(50).optional(),
});
export type BookingConfirmationPayload = z.input<typeof bookingConfirmationPayloadSchema>;

/** SPEC.md's confirmation page data, from the server's booking; dollars. */
export const bookingConfirmationSchema = z.object({
  bookingId: z.string(),
  /** The booking code, e.g. SAS-7K3Q9P. */
  confirmationCode: z.string(),
  status: z.literal('confirmed'),
  propertyName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  /** The nights the stay occupies (check-in up to the night before check-out). */
  datesBlocked: z.array(z.string()),
  basePrice: z.number(),
  /** The discounts the booking was sold with (issue 26); totalAmount is after them. */
  discounts: z.array(discountLineSchema).default([]),
  taxes: z.number(),
  /** The taxes by jurisdiction (issue 29); they add up to `taxes`. */
  taxLines: z.array(taxLineSchema).default([]),
  fees: z.number(),
  addOns: z.array(z.object({ name: z.string(), option: z.string().optional(), price: z.number() })),
  guestCount: z.object({ adults: z.number().int(), children: z.number().int(), pets: z.number().int() }),
  totalAmount: z.number(),
  email: z.string(),
});
export type BookingConfirmation = z.infer<typeof bookingConfirmationSchema>;

// E-mail fallbacks ---------------------------------------------------------------------

/** POST /api/email/send-manual */
export const sendManualEmailRequestSchema = z
  .object({ confirmationCode: z.string().trim().min(1, { error: 'confirmationCode is required' }).max(255) })
  .strict();

/** 202 of the three send-email endpoints. */
export const sendEmailResponseSchema = z.object({ success: z.literal(true) });
