// The router the app runs in (ADR 032): React Router's declarative <Router>
// over a history object the app owns, so code outside the route tree (sign-out)
// can navigate. Like the data router it replaces, it moves to a page once the
// page's code is there: until then the current page stays on screen, with the
// loading overlay.
import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
  type RouteObject,
} from 'react-router';
import { leaveServerPage } from '@/lib/server-page';
import { NavigationPendingContext } from './navigation-pending';
import { loadPages, pagesLoaded } from './router';

/** The browser's history (or, in tests, one in memory: it has the same shape). */
export type AppHistory = ReturnType<typeof createBrowserHistory>;

export function createAppHistory(): AppHistory {
  // v5Compat: every push and replace is reported to the listener, as <BrowserRouter> has it.
  return createBrowserHistory({ v5Compat: true });
}

interface HistoryRouterProps {
  history: AppHistory;
  /** The route tree rendered below: the pages whose code a navigation waits for. */
  routes: RouteObject[];
  children: ReactNode;
}

/**
 * Goes to `path` once the page's code is there, and makes `alongside` (sign-out
 * clearing the user) in the same transition as the move, so React draws both
 * together: the page being left never sees the update on its own. Two separate
 * transitions may get different lanes and be drawn in either order.
 */
export async function navigateTo(
  history: AppHistory,
  routes: RouteObject[],
  path: string,
  alongside?: () => void,
): Promise<void> {
  await loadPages(routes, path).catch(() => undefined);
  // The page's code is loaded: the listener below moves in this same transition.
  startTransition(() => {
    history.push(path);
    alongside?.();
  });
}

export function HistoryRouter({ history, routes, children }: HistoryRouterProps) {
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({
    action: history.action,
    location: history.location,
  }));
  const [pending, setPending] = useState(false);
  useLayoutEffect(() => {
    let latest = 0;
    return history.listen(({ action, location }) => {
      const navigation = ++latest;
      // The next page is the browser's: its head and what only the browser knows are drawn at once.
      leaveServerPage();
      const arrive = () => {
        // A later navigation has taken over.
        if (navigation !== latest) return;
        // In a transition, as <BrowserRouter> does: a part of the next page
        // still loading (a lazy section) does not blank the page on screen.
        startTransition(() => {
          setPending(false);
          setState({ action, location });
        });
      };
      if (pagesLoaded(routes, location)) {
        arrive();
        return;
      }
      setPending(true);
      // A page whose code failed to load is drawn by its error boundary.
      loadPages(routes, location).then(arrive, arrive);
    });
  }, [history, routes]);
  return (
    <NavigationPendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPendingContext>
  );
}
