// A marketing link's promo code (issue 26): `?promo=CODE` on any page of the
// site is kept for the rest of the visit (sessionStorage) and carried into
// the booking, where the server prices it and says whether it applies.
const storageKey = 'sas:promo-code';
/** What a code can look like; anything else in the link is ignored. */
const codePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/;

/** Keeps the `promo` parameter of a URL's query string, when it has a plausible one. */
export function rememberPromoFrom(search: string): void {
  const code = new URLSearchParams(search).get('promo')?.trim();
  if (!code || !codePattern.test(code)) return;
  try {
    window.sessionStorage.setItem(storageKey, code);
  } catch {
    // Without storage the link's code is simply not carried.
  }
}

/** The code a marketing link brought this visit, if any. */
export function readMarketingPromo(): string | undefined {
  try {
    return window.sessionStorage.getItem(storageKey) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Forgets it (the guest removed it, or booked with it). */
export function forgetMarketingPromo(): void {
  try {
    window.sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing stored.
  }
}
