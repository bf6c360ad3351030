import { describe, expect, it } from 'vitest';
import { createSessionUser } from '@/testing/auth-data';
import { pathAfterSignIn } from './two-step';

describe('where a signed-in cleaner goes', () => {
  it('to their tasks instead of the home page or the account page, and elsewhere when asked', async () => {
    const cleaner = createSessionUser({ role: 'cleaner', isGuest: false });
    expect(await pathAfterSignIn(cleaner, '/')).toBe('/tasks');
    expect(await pathAfterSignIn(cleaner, '/dashboard')).toBe('/tasks');
    expect(await pathAfterSignIn(cleaner, '/trips')).toBe('/trips');
    expect(await pathAfterSignIn(createSessionUser({ role: 'guest', isGuest: true }), '/')).toBe('/');
  });
});
