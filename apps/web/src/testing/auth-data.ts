// Factories for accounts: a signed-in user and their bookings, valid per the
// @sas/domain contracts, with overrides.
import type { AccountBooking, SessionUser } from '@sas/domain';

let sequence = 0;

export function createSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  sequence += 1;
  return {
    id: `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`,
    email: `avery.${sequence}@example.com`,
    firstName: 'Avery',
    lastName: 'Quinn',
    role: 'guest',
    isGuest: true,
    ...overrides,
  };
}

export function createAccountBooking(overrides: Partial<AccountBooking> = {}): AccountBooking {
  sequence += 1;
  return {
    id: `00000000-0000-4000-a000-${String(sequence).padStart(12, '0')}`,
    confirmationCode: `pi_test_${sequence}`,
    propertyId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    propertyName: 'Bear Den Lodge',
    propertySlug: 'bear-den-lodge',
    checkIn: '2031-02-03',
    checkOut: '2031-02-07',
    status: 'confirmed',
    totalCents: 245_075,
    currency: 'usd',
    ...overrides,
  };
}
