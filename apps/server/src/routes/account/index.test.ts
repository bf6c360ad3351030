import { accountBookingsSchema } from '@sas/domain';
import type { PropertyRow } from '@sas/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmationPayload,
  createBookableHome,
  guest,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
} from '../../test/booking.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let home: PropertyRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
});

afterAll(async () => {
  await t?.close();
});

async function signUp(email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' },
  });
  return response.json<{ token: string }>().token;
}

/** The browser's booking path, signed in with `token` or anonymous. */
async function book(app: FastifyInstance, token: string | undefined, email: string) {
  const stay = nextStay(2);
  const response = await app.inject({
    method: 'POST',
    url: '/api/stripe/create-payment-intent',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: intentRequest(home, stay, { contact: { ...guest, email } }),
  });
  expect(response.statusCode, response.body).toBe(200);
  const intent = response.json<Parameters<typeof payWithCard>[1] & Parameters<typeof confirmationPayload>[0]>();
  await payWithCard(app, intent);
  const confirmed = await postConfirm(app, confirmationPayload(intent, { propertyId: home.id, ...stay }, { email }));
  expect(confirmed.status).toBe(200);
  return String(confirmed.body.confirmationCode);
}

function myBookings(token?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/account/bookings',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('GET /api/account/bookings', () => {
  it('lists only the bookings made while signed in to this account, never matched by e-mail', async () => {
    const aliceEmail = `alice-${Date.now()}@example.com`;
    const alice = await signUp(aliceEmail);
    const bob = await signUp(`bob-${Date.now()}@example.com`);

    const mine = await book(t.app, alice, aliceEmail);
    // Someone else typing Alice's address, anonymously and from Bob's account.
    await book(t.app, undefined, aliceEmail);
    await book(t.app, bob, aliceEmail);
    // A stale token in the browser does not stop an anonymous booking.
    await book(t.app, 'aaa.bbb.ccc', aliceEmail);

    const response = await myBookings(alice);
    expect(response.statusCode).toBe(200);
    const list = accountBookingsSchema.parse(response.json());
    expect(list).toEqual([
      expect.objectContaining({
        confirmationCode: mine,
        propertyId: home.id,
        propertyName: 'Bluebird Lodge',
        propertySlug: home.slug,
        status: 'confirmed',
        currency: 'usd',
      }),
    ]);
    expect(list[0]?.totalCents).toBeGreaterThan(0);

    const bobs = accountBookingsSchema.parse((await myBookings(bob)).json());
    expect(bobs).toHaveLength(1);
    expect(bobs[0]?.confirmationCode).not.toBe(mine);
  });

  it('needs a signed-in user', async () => {
    const response = await myBookings();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue.' });
    expect((await myBookings('aaa.bbb.ccc')).statusCode).toBe(401);
  });
});
