import { isIsoDate } from '@sas/domain';

// Stay dates are calendar dates (DESIGN.md): formatted at UTC midnight so no
// browser time zone moves them to the day before.
const stayDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Apr 16, 2027"; anything that is not a YYYY-MM-DD date is shown as sent. */
export function formatDate(iso: string): string {
  return isIsoDate(iso) ? stayDate.format(new Date(`${iso}T00:00:00Z`)) : iso;
}

/** "$1,234.50" for cents in `currency` (an ISO code such as 'usd'). */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
