// Reading a channel's iCal feed into the nights it takes in one home
// (issue 15), with node-ical doing the RFC 5545 work (folded lines, escaped
// text, TZID and VTIMEZONE, unknown properties) and the pure rules of
// @sas/domain's ical-dates turning each DTSTART/DTEND into the home's dates.
import { addDays, DomainError, icalEventNights, isPastStay, todayIn, type IcalTime, type IsoDate } from '@sas/domain';
import ical, { type DateWithTimeZone, type ParameterValue, type VEvent } from 'node-ical';

/** What one event of a feed takes in the home. */
export interface FeedEvent {
  /** The feed's UID; for an occurrence of a recurring event, `UID#first night`. */
  uid: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  summary: string;
}

/** The feed is not an iCalendar file: the sync fails and keeps the blocks it last gave. */
export class FeedParseError extends DomainError {
  override readonly name = 'FeedParseError';

  constructor(message: string) {
    super('invalid', message);
  }
}

const maxUidLength = 500;
const maxSummaryLength = 200;
/** Recurring events are expanded only this far ahead, and only when finite and few. */
const recurrenceHorizonDays = 730;
const maxOccurrences = 60;

/** The written date of a Date node-ical built for a DATE or floating value: its local fields. */
function writtenDate(value: Date): IsoDate {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(value.getFullYear(), 4)}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * node-ical builds a DATE (dateOnly) and a floating DATE-TIME (no tz) at
 * midnight / wall clock of this process's zone, so their local fields are
 * the date as written; a TZID or UTC value is a true instant.
 */
function icalTime(value: DateWithTimeZone): IcalTime {
  if (value.dateOnly) return { kind: 'date', date: writtenDate(value) };
  if (!value.tz) return { kind: 'floating', date: writtenDate(value) };
  return { kind: 'instant', at: value };
}

function isValidDate(value: unknown): value is DateWithTimeZone {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

function text(value: ParameterValue | undefined): string {
  const raw = typeof value === 'string' ? value : (value?.val ?? '');
  return raw.replace(/\s+/g, ' ').trim().slice(0, maxSummaryLength);
}

function nightsOf(start: unknown, end: unknown, timeZone: string) {
  if (!isValidDate(start)) return null;
  return icalEventNights(icalTime(start), isValidDate(end) ? icalTime(end) : null, timeZone);
}

function single(event: VEvent, uid: string, timeZone: string): FeedEvent[] {
  const nights = nightsOf(event.start, event.end, timeZone);
  return nights ? [{ uid, ...nights, summary: text(event.summary) }] : [];
}

/** A finite rule (COUNT or UNTIL) with a handful of occurrences ahead: anything else is not a channel's booking. */
function occurrences(event: VEvent, timeZone: string, today: IsoDate): FeedEvent[] {
  const rule = event.rrule?.toString() ?? '';
  if (!/COUNT=|UNTIL=/i.test(rule)) return [];
  const from = new Date(`${today}T00:00:00Z`);
  const to = new Date(`${addDays(today, recurrenceHorizonDays)}T00:00:00Z`);
  let instances: ReturnType<typeof ical.expandRecurringEvent>;
  try {
    instances = ical.expandRecurringEvent(event, { from, to, expandOngoing: true });
  } catch {
    return [];
  }
  if (instances.length > maxOccurrences) return [];
  return instances.flatMap((instance) => {
    const nights = nightsOf(instance.start, instance.end, timeZone);
    if (!nights) return [];
    return [{ uid: `${event.uid}#${nights.checkIn}`, ...nights, summary: text(instance.summary) }];
  });
}

/**
 * The events of a feed that still take a night in the home (check-out after
 * today there), sorted by check-in. Skipped: cancelled events, events without
 * UID or a readable DTSTART, and recurring events that are not simple.
 * Throws FeedParseError for anything that is not an iCalendar file.
 */
export function parseFeed(body: string, timeZone: string, now: Date): FeedEvent[] {
  const source = body.replace(/^\uFEFF/, '');
  if (!/^\s*BEGIN:VCALENDAR\r?\n/i.test(source) || !/END:VCALENDAR\s*$/i.test(source)) {
    throw new FeedParseError('The feed is not an iCalendar file (it must begin with BEGIN:VCALENDAR).');
  }
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(source);
  } catch (err) {
    throw new FeedParseError(`The feed could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const today = todayIn(timeZone, now);
  const events = new Map<string, FeedEvent>();
  for (const component of Object.values(parsed)) {
    if (component?.type !== 'VEVENT') continue;
    const uid = typeof component.uid === 'string' ? component.uid.trim() : '';
    if (uid === '' || uid.length > maxUidLength || component.status === 'CANCELLED') continue;
    const found = component.rrule ? occurrences(component, timeZone, today) : single(component, uid, timeZone);
    for (const event of found) {
      if (!isPastStay(event, today)) events.set(event.uid, event);
    }
  }
  return [...events.values()].sort((a, b) => a.checkIn.localeCompare(b.checkIn) || a.uid.localeCompare(b.uid));
}
