import { currency as bookingCurrency, formatUsd } from '@sas/domain';

/** "$1,234.50" for cents in `currency` (an ISO code such as 'usd'). */
export function formatMoney(cents: number, currency: string): string {
  // Every booking is in US dollars today (@sas/domain), formatted without Intl's start-up cost.
  if (currency.toLowerCase() === bookingCurrency) return formatUsd(cents);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
