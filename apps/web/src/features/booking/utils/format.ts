import { isIsoDate } from '@sas/domain';

// Stay dates are calendar dates (DESIGN.md): formatted at UTC midnight so no
// browser time zone can move them to the day before.
const stayDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Fri, Apr 16, 2027"; anything that is not a YYYY-MM-DD date is shown as sent. */
export function formatStayDate(iso: string): string {
  return isIsoDate(iso) ? stayDate.format(new Date(`${iso}T00:00:00Z`)) : iso;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "2 adults, 1 child, 1 pet": zero counts other than adults are left out. */
export function formatGuests(guests: { adults: number; children?: number; infants?: number; pets?: number }): string {
  const parts = [count(guests.adults, 'adult', 'adults')];
  if (guests.children) parts.push(count(guests.children, 'child', 'children'));
  if (guests.infants) parts.push(count(guests.infants, 'infant', 'infants'));
  if (guests.pets) parts.push(count(guests.pets, 'pet', 'pets'));
  return parts.join(', ');
}

export function formatNights(nights: number): string {
  return count(nights, 'night', 'nights');
}
