/**
 * Every console query starts with this key. It sits under the account key
 * (features/auth's accountQueryKey, ['account']), which the session provider
 * drops on every sign-in and sign-out, so one user's console data is never
 * shown to the next user of the same tab.
 */
export const consoleQueryKey = ['account', 'console'] as const;

/**
 * The calendar's nights. Here rather than in calendar/ because the channels
 * area changes them too (a sync or a removed feed adds or drops blocks).
 */
export const calendarQueryKey = [...consoleQueryKey, 'calendar'] as const;
