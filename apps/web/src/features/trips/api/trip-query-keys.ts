/**
 * Every trip query starts with this key. It sits under the account key
 * (features/auth's accountQueryKey, ['account']), which the session provider
 * drops on every sign-in and sign-out, so one guest's booking is never shown
 * to the next user of the same tab.
 */
export const tripsQueryKey = ['account', 'trips'] as const;
