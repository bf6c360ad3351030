import { createContext, use } from 'react';

/** Provided by HistoryRouter: whether a navigation is waiting for the next page's code. */
export const NavigationPendingContext = createContext(false);

/** True while a navigation waits for the next page's code (the current page stays on screen). */
export function useNavigationPending(): boolean {
  return use(NavigationPendingContext);
}
