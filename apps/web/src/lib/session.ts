// Who is signed in (SPEC.md section 4, "Session"), for shared code such as
// the /reservations guard and the footer. The auth feature's AuthProvider
// fills this context; shared code reads it through useSession only and never
// imports the feature.
import { createContext, useContext } from 'react';
import type { SessionUser } from '@sas/domain';

export type { SessionUser };

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  user: SessionUser | null;
  /** 'loading' while a stored token is being checked; guards wait instead of redirecting. */
  status: SessionStatus;
}

export const anonymousSession: Session = { user: null, status: 'anonymous' };

/** Outside an AuthProvider (isolated component tests) everyone is anonymous. */
export const SessionContext = createContext<Session>(anonymousSession);

/** The current session. */
export function useSession(): Session {
  return useContext(SessionContext);
}
