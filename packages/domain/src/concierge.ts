// Concierge add-ons booked after the reservation (issue 16 item 4): a service
// of the add-on catalogue for a date inside the stay and a time on the home's
// clock, paid as its own payment. The rules are pure so that the trip page
// and the server answer the same; the server decides.
import { z } from 'zod';
import { findAddOn } from './add-ons.js';
import { DomainError } from './errors.js';
import { addDays, isIsoDate, type IsoDate } from './dates.js';
import { startOfDayIn } from './policies.js';

export const conciergeRules = {
  /** New services can be ordered until this long before check-in. */
  orderHoursBeforeCheckIn: 48,
  /** A paid service is cancelled with a full refund until this long before its time. */
  cancelHoursBefore: 48,
  /** Services that only happen in daylight, between these times on the home's clock (inclusive). */
  daytimeAddOnIds: [2, 6] as readonly number[],
  daytimeFrom: '08:00',
  daytimeUntil: '20:00',
  /** At most one of these per evening per home. */
  privateChefId: 3,
} as const;

const hourMs = 3_600_000;

export const conciergeStatuses = ['pending', 'paid', 'cancelled', 'abandoned'] as const;
export type ConciergeStatus = (typeof conciergeStatuses)[number];

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** POST /api/trips/{code}/add-ons */
export const conciergeOrderBodySchema = z
  .object({
    id: z.number({ error: 'id is the add-on to order' }).int().positive(),
    option: z.string().trim().max(40).optional(),
    date: z.string().refine(isIsoDate, { error: 'date must be a calendar date like 2027-03-14' }),
    time: z.string().regex(timePattern, { error: 'time must be a time of day like 18:30' }),
  })
  .strict();
export type ConciergeOrderBody = z.infer<typeof conciergeOrderBodySchema>;

/** A concierge service of a booking, as the trip page and the console show it (dollars). */
export const conciergeServiceSchema = z.object({
  id: z.string(),
  addOnId: z.number().int(),
  name: z.string(),
  option: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  price: z.number(),
  status: z.enum(conciergeStatuses),
  /** Until when cancelling refunds it in full (ISO instant); null unless paid on its own. */
  cancellableUntil: z.string().nullable(),
  /** Chosen with the reservation and paid with the stay: refunded with the stay, not on its own. */
  withStay: z.boolean(),
  refundAmount: z.number().nullable(),
});
export type ConciergeService = z.infer<typeof conciergeServiceSchema>;

/** 201 of POST /api/trips/{code}/add-ons: the service, and what the browser needs to pay for it. */
export const conciergeOrderResponseSchema = z.object({
  addOn: conciergeServiceSchema,
  payment: z.object({
    paymentIntentId: z.string(),
    clientSecret: z.string(),
    publishableKey: z.string(),
    amount: z.number(),
    currency: z.string(),
  }),
});
export type ConciergeOrderResponse = z.infer<typeof conciergeOrderResponseSchema>;

/** A rule a concierge order or cancellation breaks, in words for the guest. */
export class ConciergeRuleError extends DomainError {
  override readonly name = 'ConciergeRuleError';

  constructor(message: string) {
    super('rejected', message);
  }
}

function wallClockMs(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'), part('second'));
}

/**
 * The instant a time of day on a calendar date is on the home's clock
 * (a time a DST change skips is read as the same wall time after it).
 */
export function instantIn(timeZone: string, date: IsoDate, time: string): Date {
  const target = Date.parse(`${date}T${time}:00Z`);
  let guess = target;
  for (let i = 0; i < 3; i += 1) guess += target - wallClockMs(timeZone, guess);
  return new Date(guess);
}

/** The last instant new services can be ordered for a stay. */
export function conciergeOrderDeadline(checkIn: IsoDate, timeZone: string): Date {
  return new Date(startOfDayIn(timeZone, checkIn).getTime() - conciergeRules.orderHoursBeforeCheckIn * hourMs);
}

/** Until when a service at `date` and `time` is cancelled with a full refund. */
export function conciergeCancelDeadline(date: IsoDate, time: string, timeZone: string): Date {
  return new Date(instantIn(timeZone, date, time).getTime() - conciergeRules.cancelHoursBefore * hourMs);
}

/** The days a service can be booked on: every day of the stay, from check-in day to the last night. */
export function conciergeDays(checkIn: IsoDate, checkOut: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = checkIn; day < checkOut; day = addDays(day, 1)) days.push(day);
  return days;
}

export interface ConciergeOrder {
  addOnId: number;
  option?: string | undefined;
  date: IsoDate;
  time: string;
}

export interface ConciergeStay {
  checkIn: IsoDate;
  checkOut: IsoDate;
  timeZone: string;
  /** The home's private chefs already paid for, by date. */
  chefDates: readonly IsoDate[];
}

/**
 * The catalogue's name, price (cents) and option spelling for an order, or a
 * ConciergeRuleError saying which rule it breaks: ordered too late, a day
 * outside the stay, a daytime service out of hours, a second private chef
 * for the same evening, an unknown add-on or option.
 */
export function checkConciergeOrder(
  order: ConciergeOrder,
  stay: ConciergeStay,
  now: Date,
): { name: string; price: number; option: string | null } {
  const addOn = findAddOn(order.addOnId);
  if (!addOn) throw new ConciergeRuleError(`There is no add-on ${order.addOnId}.`);
  if (now.getTime() > conciergeOrderDeadline(stay.checkIn, stay.timeZone).getTime()) {
    throw new ConciergeRuleError(
      `Services can be added until ${conciergeRules.orderHoursBeforeCheckIn} hours before check-in. Please call us to arrange one.`,
    );
  }
  if (order.date < stay.checkIn || order.date >= stay.checkOut) {
    throw new ConciergeRuleError('Choose a day of your stay, from check-in day to the last night.');
  }
  if (
    conciergeRules.daytimeAddOnIds.includes(addOn.id) &&
    (order.time < conciergeRules.daytimeFrom || order.time > conciergeRules.daytimeUntil)
  ) {
    throw new ConciergeRuleError(
      `${addOn.name} takes place during the day: choose a time between ${conciergeRules.daytimeFrom} and ${conciergeRules.daytimeUntil}.`,
    );
  }
  if (addOn.id === conciergeRules.privateChefId && stay.chefDates.includes(order.date)) {
    throw new ConciergeRuleError('A private chef is already booked for that evening. Choose another evening.');
  }
  let option: string | null = null;
  if (addOn.options.length > 0) {
    const wanted = order.option?.toLowerCase() ?? '';
    const chosen = addOn.options.find((o) => o.toLowerCase() === wanted);
    if (chosen === undefined) {
      throw new ConciergeRuleError(`Choose ${addOn.options.join(', ')} for ${addOn.name}.`);
    }
    option = chosen;
  }
  return { name: addOn.name, price: addOn.price, option };
}

/**
 * When an add-on chosen with the reservation happens unless the guest says:
 * the first full day of the stay (the day after check-in, or check-in day for
 * one night), a private chef at 18:00 and anything else at 10:00.
 */
export function defaultServiceSchedule(
  addOnId: number,
  checkIn: IsoDate,
  checkOut: IsoDate,
): { date: IsoDate; time: string } {
  const firstFullDay = addDays(checkIn, 1) < checkOut ? addDays(checkIn, 1) : checkIn;
  return { date: firstFullDay, time: addOnId === conciergeRules.privateChefId ? '18:00' : '10:00' };
}

/**
 * The day and time of each add-on chosen with the reservation: the guest's,
 * checked like a later order (a day of the stay, a time of day, spa and tours
 * by day), or the default. A DomainError says what is wrong.
 */
export function scheduleStayAddOns<T extends { id: number; date?: string | null; time?: string | null }>(
  addOns: readonly T[],
  stay: { checkIn: IsoDate; checkOut: IsoDate },
): (Omit<T, 'date' | 'time'> & { date: IsoDate; time: string })[] {
  return addOns.map((addOn) => {
    const fallback = defaultServiceSchedule(addOn.id, stay.checkIn, stay.checkOut);
    const date = addOn.date ?? fallback.date;
    const time = addOn.time ?? fallback.time;
    const name = findAddOn(addOn.id)?.name ?? 'The add-on';
    if (!isIsoDate(date) || date < stay.checkIn || date >= stay.checkOut) {
      throw new DomainError('invalid_add_on_schedule', `Choose a day of your stay for ${name}.`);
    }
    if (!timePattern.test(time)) {
      throw new DomainError('invalid_add_on_schedule', `Choose a time of day like 18:30 for ${name}.`);
    }
    if (
      conciergeRules.daytimeAddOnIds.includes(addOn.id) &&
      (time < conciergeRules.daytimeFrom || time > conciergeRules.daytimeUntil)
    ) {
      throw new DomainError(
        'invalid_add_on_schedule',
        `${name} takes place during the day: choose a time between ${conciergeRules.daytimeFrom} and ${conciergeRules.daytimeUntil}.`,
      );
    }
    return { ...addOn, date, time };
  });
}
