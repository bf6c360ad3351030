import type { AdminCalendarStay, CalendarStayKind } from '@sas/domain';

/**
 * How each kind of taken night reads. Every kind has a word and a letter of
 * its own and a fill pattern (calendar.css), so none depends on colour.
 */
export const stayKinds: Record<CalendarStayKind, { label: string; letter: string }> = {
  reservation: { label: 'Booking', letter: 'B' },
  hold: { label: 'Payment hold', letter: 'H' },
  staff_block: { label: 'Staff block', letter: 'S' },
  owner_block: { label: 'Owner block', letter: 'O' },
  imported_block: { label: 'Imported block', letter: 'I' },
};

/** 'Booking SAS-AB12CD, Dana Reyes', 'Staff block: Maintenance', 'Payment hold', 'Imported from Airbnb: Reserved'. */
export function describeStay(stay: AdminCalendarStay): string {
  const { label } = stayKinds[stay.kind];
  if (stay.kind === 'reservation') {
    return [`${label} ${stay.bookingCode ?? ''}`.trim(), stay.guestName].filter(Boolean).join(', ');
  }
  if (stay.kind === 'hold') return label;
  // The server writes an imported block's reason as "Feed name: event summary".
  if (stay.kind === 'imported_block' && stay.reason) return `Imported from ${stay.reason}`;
  return stay.reason ? `${label}: ${stay.reason}` : label;
}

/** The stays that take the night of `date` (a stay's nights are [checkIn, checkOut)). */
export function staysOn<T extends Pick<AdminCalendarStay, 'checkIn' | 'checkOut'>>(stays: T[], date: string): T[] {
  return stays.filter((stay) => stay.checkIn <= date && date < stay.checkOut);
}
