// The e-mailed link's token opens one booking for 24 hours. It is kept in
// session storage under the booking's code, so a reload (after the page has
// taken it out of the visible URL) keeps access, and it ends with the tab.

const keyOf = (code: string) => `tripToken:${code}`;

function sessionArea(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy modes): the token then lasts as long as the page.
    return null;
  }
}

export function readTripToken(code: string): string | null {
  try {
    return sessionArea()?.getItem(keyOf(code)) ?? null;
  } catch {
    return null;
  }
}

export function saveTripToken(code: string, token: string): void {
  try {
    sessionArea()?.setItem(keyOf(code), token);
  } catch {
    // Full or disabled storage: the page still has the token in memory.
  }
}

/** Dropped once the server refuses it (expired link), so a reload asks the guest to look the booking up again. */
export function forgetTripToken(code: string): void {
  try {
    sessionArea()?.removeItem(keyOf(code));
  } catch {
    // Nothing stored that could be removed.
  }
}
