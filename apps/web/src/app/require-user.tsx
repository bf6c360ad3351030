import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingOverlay } from '@/components/loading-overlay';
import { useSession } from '@/lib/session';

/** Where an anonymous visitor goes: /login, carrying the page to return to (SPEC.md sections 2 and 6). */
export function loginPath(originPath: string): string {
  return `/login?${new URLSearchParams({ redirectTo: originPath }).toString()}`;
}

/**
 * Renders its children for a signed-in user only. Anyone else is sent to
 * /login with `redirectTo` set to the page they asked for (path, query and
 * hash). The navigation state goes along too, so a reservation started on a
 * property page can resume after signing in.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <LoadingOverlay />;
  if (session.user === null) {
    const origin = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginPath(origin)} replace state={location.state as unknown} />;
  }
  return children;
}
