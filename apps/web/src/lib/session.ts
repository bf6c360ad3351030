// The seam the accounts issue fills (SPEC.md section 4, "Session"): today
// nobody can sign in, so every visitor is anonymous. Code that depends on
// who is signed in (the /reservations guard) reads this hook only, so the
// auth feature can replace its body with the real session (stored token,
// check-session call, loading state) without touching its callers.

export interface SessionUser {
  email: string;
  isGuest: boolean;
}

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  user: SessionUser | null;
  /** 'loading' while a stored token is being checked; guards wait instead of redirecting. */
  status: SessionStatus;
}

const anonymous: Session = { user: null, status: 'anonymous' };

/** The current session. Until accounts exist: always anonymous. */
export function useSession(): Session {
  return anonymous;
}
