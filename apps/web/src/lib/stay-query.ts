// A stay in a URL query: the property page's booking panel, the search
// results and the /null redirect all read and write the same names.
// SPEC.md uses two spellings: the search form sends checkIn/checkOut, the
// booking frame and /null use checkin/checkout. We write the lowercase ones
// and read both, so every link a guest may hold keeps working.
import { isIsoDate, maxGuestCount, type IsoDate } from '@sas/domain';

export const stayQueryNames = ['checkin', 'checkout', 'adults', 'children', 'infants', 'pets'] as const;
export type StayQueryName = (typeof stayQueryNames)[number];

const alternativeNames: Partial<Record<StayQueryName, string>> = { checkin: 'checkIn', checkout: 'checkOut' };

/** Every value of a stay that a URL may carry; each is left out when absent or unusable. */
export interface StayQuery {
  checkIn?: IsoDate;
  checkOut?: IsoDate;
  adults?: number;
  children?: number;
  infants?: number;
  pets?: number;
}

/** The raw, trimmed value of `name` in either spelling, or null when absent or blank. */
export function rawStayValue(params: URLSearchParams, name: StayQueryName): string | null {
  const alternative = alternativeNames[name];
  const value = params.get(name) ?? (alternative === undefined ? null : params.get(alternative));
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function readCount(params: URLSearchParams, name: StayQueryName): number | undefined {
  const raw = rawStayValue(params, name);
  if (raw === null || !/^\d{1,3}$/.test(raw)) return undefined;
  const count = Number(raw);
  return count <= maxGuestCount ? count : undefined;
}

function readDate(params: URLSearchParams, name: StayQueryName): IsoDate | undefined {
  const raw = rawStayValue(params, name);
  return raw !== null && isIsoDate(raw) ? raw : undefined;
}

/** The usable stay values of a query: real calendar dates, whole guest counts. */
export function readStayQuery(params: URLSearchParams): StayQuery {
  const stay: StayQuery = {};
  const checkIn = readDate(params, 'checkin');
  const checkOut = readDate(params, 'checkout');
  if (checkIn !== undefined) stay.checkIn = checkIn;
  // A check-out that is not after the check-in is no stay; the check-in alone still is a start.
  if (checkOut !== undefined && (checkIn === undefined || checkOut > checkIn)) stay.checkOut = checkOut;
  for (const name of ['adults', 'children', 'infants', 'pets'] as const) {
    const count = readCount(params, name);
    if (count !== undefined) stay[name] = count;
  }
  return stay;
}

/**
 * `params` with the stay written in: the lowercase names in a fixed order,
 * values that are undefined left out, both spellings of a date replaced.
 * Other parameters (a campaign tag, a location) are kept.
 */
export function withStayQuery(params: URLSearchParams, stay: StayQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<StayQueryName, string | number | undefined> = {
    checkin: stay.checkIn,
    checkout: stay.checkOut,
    adults: stay.adults,
    children: stay.children,
    infants: stay.infants,
    pets: stay.pets,
  };
  // Removed, then added in one order, so the same stay always reads the same in the address bar.
  for (const name of stayQueryNames) {
    const alternative = alternativeNames[name];
    if (alternative !== undefined) next.delete(alternative);
    next.delete(name);
  }
  for (const name of stayQueryNames) {
    const value = values[name];
    if (value !== undefined) next.append(name, String(value));
  }
  return next;
}
