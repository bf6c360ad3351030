// Guest messages on a timeline (issue 28): the pure timing rules. Each
// message of a booking is due at a time of day on a date counted from the
// check-in or check-out date, on the home's clock (so daylight saving moves
// the instant, not the hour); it is only sent in the home's daytime
// (09:00-20:00: a message due at night waits for the morning), and each has
// a moment after which it is pointless (an arrival message after check-in):
// a message that could not go before then, after an outage, is skipped and
// recorded as skipped. The server stores the schedule and sends; this says
// when and whether.
import { z } from 'zod';
import { instantIn } from './concierge.js';
import { addDays, type IsoDate } from './dates.js';
import { defaultCheckInTime, defaultCheckOutTime } from './tasks.js';

export const messageTemplateNames = [
  'pre_arrival',
  'arrival_details',
  'mid_stay',
  'checkout_reminder',
  'thank_you',
  'returning_guest',
] as const;
export type MessageTemplateName = (typeof messageTemplateNames)[number];

export function isMessageTemplateName(value: string): value is MessageTemplateName {
  return (messageTemplateNames as readonly string[]).includes(value);
}

export const messageChannels = ['email', 'sms'] as const;
export type MessageChannel = (typeof messageChannels)[number];

export const messageStatuses = ['scheduled', 'sent', 'skipped', 'failed', 'cancelled'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** The home's daytime, when guest messages may go out (home time, [start, end)). */
export const messageDaytime = { startHour: 9, endHour: 20 } as const;

/** A review may be written from the day after checkout until this many days after it. */
export const reviewWindowDays = 60;

export type MessageAnchor = 'checkIn' | 'checkOut';

/** How a template is timed and worded; the defaults below, or the console's override. */
export interface MessageTemplate {
  name: MessageTemplateName;
  enabled: boolean;
  subject: string;
  body: string;
  /** Days from the anchor date (negative: before). */
  offsetDays: number;
  /** Time of day on the home's clock, "HH:MM". */
  time: string;
}

export interface MessageTemplateDefinition extends MessageTemplate {
  label: string;
  anchor: MessageAnchor;
  /** Marketing mail carries an unsubscribe link and is never sent to an unsubscribed address. */
  marketing: boolean;
  /** Only for stays of at least this many nights. */
  minNights: number;
  /** Also sent by text to a guest who opted in at booking (issue 28). */
  sms: boolean;
}

/** The variables a template's subject and body may use, as {{name}}. */
export const messageVariables = [
  'firstName',
  'home',
  'checkIn',
  'checkOut',
  'checkInTime',
  'checkOutTime',
  'address',
  'arrivalInstructions',
  'doorCode',
  'tripLink',
  'reviewLink',
  'code',
  'bookingCode',
] as const;
export type MessageVariable = (typeof messageVariables)[number];

export const defaultMessageTemplates: readonly MessageTemplateDefinition[] = [
  {
    name: 'pre_arrival',
    label: 'Pre-arrival',
    anchor: 'checkIn',
    offsetDays: -7,
    time: '10:00',
    enabled: true,
    marketing: false,
    minNights: 1,
    sms: false,
    subject: 'One week until {{home}}',
    body:
      'Hi {{firstName}},\n\nYour stay at {{home}} begins on {{checkIn}}. Check-in is from {{checkInTime}}.\n\n' +
      'What to bring: layers for the evenings, comfortable shoes, and anything you need for little ones; linens, towels and kitchen basics are provided.\n\n' +
      'There is still time to add concierge services (grocery delivery, a private chef, ski rentals) from your booking page: {{tripLink}}',
  },
  {
    name: 'arrival_details',
    label: 'Arrival details',
    anchor: 'checkIn',
    offsetDays: -1,
    time: '10:00',
    enabled: true,
    marketing: false,
    minNights: 1,
    sms: true,
    subject: 'Arrival details for {{home}}',
    body:
      'Hi {{firstName}},\n\nTomorrow is the day. Check-in is from {{checkInTime}}.\n\nAddress: {{address}}\n\n' +
      '{{arrivalInstructions}}\n\n{{doorCode}}\n\nYour booking: {{tripLink}}',
  },
  {
    name: 'mid_stay',
    label: 'Mid-stay check',
    anchor: 'checkIn',
    offsetDays: 1,
    time: '10:00',
    enabled: true,
    marketing: false,
    minNights: 3,
    sms: false,
    subject: 'How is everything at {{home}}?',
    body: 'Hi {{firstName}},\n\nWe hope you are settling in well. If anything in the home is not right, reply to this e-mail and we will sort it out.',
  },
  {
    name: 'checkout_reminder',
    label: 'Checkout reminder',
    anchor: 'checkOut',
    offsetDays: -1,
    time: '18:00',
    enabled: true,
    marketing: false,
    minNights: 1,
    sms: true,
    subject: 'Checkout tomorrow at {{checkOutTime}}',
    body:
      'Hi {{firstName}},\n\nA reminder that checkout from {{home}} is tomorrow, {{checkOut}}, by {{checkOutTime}}. ' +
      'Please start the dishwasher, take out the trash and lock the door behind you. Safe travels!',
  },
  {
    name: 'thank_you',
    label: 'Thank you and review request',
    anchor: 'checkOut',
    offsetDays: 1,
    time: '10:00',
    enabled: true,
    marketing: false,
    minNights: 1,
    sms: false,
    subject: 'Thank you for staying at {{home}}',
    body:
      'Hi {{firstName}},\n\nThank you for staying with us. How was it? Your review helps the next guests and the owners of {{home}}: ' +
      '{{reviewLink}}',
  },
  {
    name: 'returning_guest',
    label: 'Returning-guest offer',
    anchor: 'checkOut',
    offsetDays: 30,
    time: '10:00',
    enabled: true,
    marketing: true,
    minNights: 1,
    sms: false,
    subject: 'A welcome back from Summit & Shore',
    body: 'Hi {{firstName}},\n\nWe would love to have you back. Use the code {{code}} for your next stay with us.',
  },
];

export function messageTemplateDefinition(name: MessageTemplateName): MessageTemplateDefinition {
  const definition = defaultMessageTemplates.find((template) => template.name === name);
  if (!definition) throw new Error(`Unknown message template ${name}`);
  return definition;
}

/** The home's clock as the messages see it. */
export interface MessageHomeClock {
  timeZone: string;
  /** "HH:MM"; the company's default when the home has none. */
  checkInTime?: string | null | undefined;
  checkOutTime?: string | null | undefined;
}

export interface MessageStay {
  checkIn: IsoDate;
  checkOut: IsoDate;
  nights: number;
}

/** Hours and minutes of an instant on a zone's clock. */
function wallTime(instant: Date, timeZone: string): { date: IsoDate; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    date: `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`,
    minutes: (Number(part('hour')) % 24) * 60 + Number(part('minute')),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');
const startTime = `${pad(messageDaytime.startHour)}:00`;

/** Whether `instant` is in the home's daytime (09:00 to 20:00 home time). */
export function isMessageDaytime(instant: Date, timeZone: string): boolean {
  const { minutes } = wallTime(instant, timeZone);
  return minutes >= messageDaytime.startHour * 60 && minutes < messageDaytime.endHour * 60;
}

/** `instant` if it is daytime at the home, else the next 09:00 home time. */
export function nextMessageDaytime(instant: Date, timeZone: string): Date {
  const { date, minutes } = wallTime(instant, timeZone);
  if (minutes < messageDaytime.startHour * 60) return instantIn(timeZone, date, startTime);
  if (minutes >= messageDaytime.endHour * 60) return instantIn(timeZone, addDays(date, 1), startTime);
  return instant;
}

export interface PlannedMessage {
  template: MessageTemplateName;
  channel: MessageChannel;
  /** The home-time date the message is for; part of its dedupe key. */
  date: IsoDate;
  /** When it is due: the template's time that day, moved into the daytime. */
  dueAt: Date;
  /** After this it is not sent any more (skipped), e.g. an arrival message after check-in. */
  lateAfter: Date;
}

export interface ExcludedMessage {
  template: MessageTemplateName;
  date: IsoDate;
  dueAt: Date;
  reason: string;
}

function stayInstants(stay: MessageStay, clock: MessageHomeClock) {
  return {
    checkInAt: instantIn(clock.timeZone, stay.checkIn, clock.checkInTime ?? defaultCheckInTime),
    checkOutAt: instantIn(clock.timeZone, stay.checkOut, clock.checkOutTime ?? defaultCheckOutTime),
  };
}

/** The moment after which a message of this template is pointless. */
function lateAfter(template: MessageTemplateName, stay: MessageStay, clock: MessageHomeClock, date: IsoDate): Date {
  const { checkInAt, checkOutAt } = stayInstants(stay, clock);
  const endOfDaytime = instantIn(clock.timeZone, date, `${pad(messageDaytime.endHour)}:00`);
  switch (template) {
    case 'pre_arrival':
    case 'arrival_details':
      return checkInAt;
    case 'mid_stay':
      // A "how is it going" is for that day, and never after the guest left.
      return endOfDaytime < checkOutAt ? endOfDaytime : checkOutAt;
    case 'checkout_reminder':
      return checkOutAt;
    case 'thank_you':
      // The review link is good until the review window closes.
      return instantIn(clock.timeZone, addDays(stay.checkOut, reviewWindowDays), startTime);
    case 'returning_guest':
      return instantIn(clock.timeZone, addDays(date, 30), startTime);
  }
}

/** The review window of a stay: from the day after checkout to 60 days after it. */
export function reviewWindow(stay: Pick<MessageStay, 'checkOut'>, timeZone: string): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: instantIn(timeZone, stay.checkOut, '00:00'),
    closesAt: instantIn(timeZone, addDays(stay.checkOut, reviewWindowDays + 1), '00:00'),
  };
}

/**
 * A booking's messages: the ones to send (with when, and until when) and
 * the ones that will not go, with why. Pure: the server stores the first
 * list, keyed by booking, template and date, and shows both in the forecast.
 */
export function planMessages(
  stay: MessageStay,
  templates: readonly MessageTemplate[],
  clock: MessageHomeClock,
  { texts = false }: { texts?: boolean } = {},
): { planned: PlannedMessage[]; excluded: ExcludedMessage[] } {
  const planned: PlannedMessage[] = [];
  const excluded: ExcludedMessage[] = [];
  for (const template of templates) {
    const definition = messageTemplateDefinition(template.name);
    const anchor = definition.anchor === 'checkIn' ? stay.checkIn : stay.checkOut;
    const date = addDays(anchor, template.offsetDays);
    const dueAt = nextMessageDaytime(instantIn(clock.timeZone, date, template.time), clock.timeZone);
    if (!template.enabled) {
      excluded.push({ template: template.name, date, dueAt, reason: 'The message is turned off' });
      continue;
    }
    if (stay.nights < definition.minNights) {
      excluded.push({
        template: template.name,
        date,
        dueAt,
        reason: `Only for stays of ${definition.minNights} nights or more`,
      });
      continue;
    }
    const message = { template: template.name, date, dueAt, lateAfter: lateAfter(template.name, stay, clock, date) };
    planned.push({ ...message, channel: 'email' });
    // A guest who opted in to texts gets these by SMS too: a row of its own, same timing.
    if (texts && definition.sms) planned.push({ ...message, channel: 'sms' });
  }
  planned.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  return { planned, excluded };
}

export type SendDecision =
  { action: 'send' } | { action: 'wait'; until: Date; reason: string } | { action: 'skip'; reason: string };

/**
 * What to do with a scheduled message at `now`: send it, wait (not due yet,
 * or night at the home), or skip it because its moment has passed (it was
 * due while the site was down and could not go before it stopped making sense).
 */
export function decideSend(message: { dueAt: Date; lateAfter: Date }, now: Date, timeZone: string): SendDecision {
  if (now < message.dueAt) return { action: 'wait', until: message.dueAt, reason: 'Not due yet' };
  const next = nextMessageDaytime(now, timeZone);
  if (next >= message.lateAfter || now >= message.lateAfter) {
    return { action: 'skip', reason: 'Its moment had passed before it could be sent' };
  }
  if (next.getTime() !== now.getTime()) return { action: 'wait', until: next, reason: 'Night at the home' };
  return { action: 'send' };
}

/** Fills {{variables}}; unknown ones are left as written, so a typo shows in the preview. */
export function fillMessageTemplate(text: string, values: Partial<Record<MessageVariable, string>>): string {
  return (
    text
      .replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (whole, name: string) => {
        const value = (values as Record<string, string | undefined>)[name];
        return value ?? whole;
      })
      // A variable with nothing to say (no door code, no instructions) leaves no empty paragraph.
      .replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n')
  );
}

/**
 * The templates that may tell the door code ({{doorCode}}): the messages
 * before the guest leaves. After checkout the variable is empty.
 */
export const doorCodeTemplates: readonly MessageTemplateName[] = [
  'pre_arrival',
  'arrival_details',
  'mid_stay',
  'checkout_reminder',
];

/** The variables a text uses that the templates do not know. */
export function unknownMessageVariables(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([a-zA-Z]+)\s*\}\}/g)) {
    const name = match[1] ?? '';
    if (!(messageVariables as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
}

// API contracts ---------------------------------------------------------------------------

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time must be a time of day like 10:00' });

export const messageTemplateSchema = z.object({
  name: z.enum(messageTemplateNames),
  label: z.string(),
  anchor: z.enum(['checkIn', 'checkOut']),
  marketing: z.boolean(),
  enabled: z.boolean(),
  subject: z.string(),
  body: z.string(),
  offsetDays: z.number().int(),
  time: z.string(),
  /** Whether the console changed it from the defaults. */
  customized: z.boolean(),
  /** Also sent by text to guests who opted in. */
  sms: z.boolean().optional(),
  variables: z.array(z.string()),
});
export type MessageTemplateView = z.infer<typeof messageTemplateSchema>;

export const messageTemplateUpdateSchema = z
  .object({
    enabled: z.boolean(),
    subject: z.string().trim().min(1, { error: 'subject must not be empty' }).max(200),
    body: z.string().trim().min(1, { error: 'body must not be empty' }).max(5_000),
    offsetDays: z
      .number()
      .int({ error: 'offsetDays must be a whole number of days' })
      .min(-60, { error: 'offsetDays must be between -60 and 60' })
      .max(60, { error: 'offsetDays must be between -60 and 60' }),
    time: timeOfDay,
  })
  .partial()
  .strict();
export type MessageTemplateUpdate = z.infer<typeof messageTemplateUpdateSchema>;

/**
 * What became of a sent message at the receiving end: `accepted` (the text
 * provider took it, no word since), `delivered` (the guest's mail server
 * accepted the e-mail; the carrier confirmed the text), `bounced` (refused
 * for good, or undelivered: the message's status is then `failed`).
 */
export const messageDeliveries = ['accepted', 'delivered', 'bounced'] as const;
export type MessageDelivery = (typeof messageDeliveries)[number];

export const bookingMessageSchema = z.object({
  template: z.string(),
  channel: z.enum(messageChannels),
  dueAt: z.string(),
  status: z.enum(messageStatuses),
  sentAt: z.string().optional(),
  reason: z.string().optional(),
  /** Only once sent and the receiving end answered (issue 28's "delivered, bounced"). */
  delivery: z.enum(messageDeliveries).optional(),
  /** The receiving server's or provider's words, e.g. "250 2.0.0 OK" or "Twilio: undelivered (error 30003)". */
  deliveryDetail: z.string().optional(),
});
export type BookingMessage = z.infer<typeof bookingMessageSchema>;
export const bookingMessageListSchema = z.array(bookingMessageSchema);
