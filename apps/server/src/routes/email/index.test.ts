import { emailOutbox } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../../services/email/outbox.js';
import {
  confirmationPayload,
  createBookableHome,
  createIntent,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
} from '../../test/booking.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { recordingTransport } from '../../test/smtp.js';

let t: TestApp;
let home: PropertyRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
});

afterAll(async () => {
  await t?.close();
});

async function book() {
  const stay = nextStay(2);
  const intent = await createIntent(t.app, intentRequest(home, stay));
  await payWithCard(t.app, intent);
  const response = await postConfirm(t.app, confirmationPayload(intent, { propertyId: home.id, ...stay }));
  const body = response.body as { bookingId: string; confirmationCode: string };
  return { ...body, paymentIntentId: intent.paymentIntentId };
}

async function messagesOf(bookingId: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.reference, `booking:${bookingId}`));
}

/** The browser's calls: JSON content type and no body for the two path-based ones. */
function sendEmail(path: string) {
  return t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json' } });
}

function sendManual(confirmationCode: string) {
  return t.app.inject({ method: 'POST', url: '/api/email/send-manual', payload: { confirmationCode } });
}

async function sendAll() {
  return drainOutbox(t.db, recordingTransport().transport);
}

describe('the e-mail fallback endpoints', () => {
  it('do not queue a second message while the confirmation is still waiting to go out', async () => {
    const booking = await book();
    const first = await sendEmail(`/api/booking/send-email/${booking.paymentIntentId}`);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ success: true });
    expect((await sendManual(booking.confirmationCode)).statusCode).toBe(202);
    expect((await sendEmail(`/api/reservation/send-email/${booking.bookingId}`)).statusCode).toBe(202);
    expect((await messagesOf(booking.bookingId)).map((m) => m.kind)).toEqual(['booking_confirmation']);
  });

  it('send a copy once the confirmation went out, found by intent id, booking id or code', async () => {
    const booking = await book();
    await sendAll();
    expect((await sendEmail(`/api/booking/send-email/${booking.paymentIntentId}`)).statusCode).toBe(202);
    // A second request while that copy waits changes nothing.
    expect((await sendManual(booking.confirmationCode.toLowerCase())).statusCode).toBe(202);
    let messages = await messagesOf(booking.bookingId);
    expect(messages.map((m) => m.kind).sort()).toEqual(['booking_confirmation', 'booking_confirmation_resend']);
    const copy = messages.find((m) => m.kind === 'booking_confirmation_resend');
    expect(copy?.subject).toBe(`Copy: Your Summit & Shore booking ${booking.confirmationCode} is confirmed`);

    await sendAll();
    expect((await sendEmail(`/api/reservation/send-email/${booking.bookingId}`)).statusCode).toBe(202);
    messages = await messagesOf(booking.bookingId);
    expect(messages).toHaveLength(3);
  });

  it('allow three copies an hour per booking, then answer 429', async () => {
    const booking = await book();
    for (let i = 0; i < 3; i++) {
      await sendAll();
      expect((await sendManual(booking.confirmationCode)).statusCode).toBe(202);
    }
    await sendAll();
    const limited = await sendManual(booking.confirmationCode);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'Too many e-mails were requested for this booking. Please try again in an hour.',
    });
    expect(await messagesOf(booking.bookingId)).toHaveLength(4);
    // Another booking is not limited by this one.
    const other = await book();
    await sendAll();
    expect((await sendManual(other.confirmationCode)).statusCode).toBe(202);
  });

  it('answer 404 for a booking that does not exist and 400 without a code', async () => {
    const notFound = { message: 'Booking not found' };
    expect((await sendEmail('/api/booking/send-email/pi_sandbox_nobody')).json()).toEqual(notFound);
    expect((await sendEmail('/api/reservation/send-email/SAS-AAAAAA')).statusCode).toBe(404);
    expect((await sendEmail('/api/reservation/send-email/9b2f1c57-5b8a-4f7e-9d55-1b2c3d4e5f60')).statusCode).toBe(404);
    expect((await sendManual('SAS-AAAAAA')).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'POST', url: '/api/email/send-manual', payload: {} });
    expect(missing.statusCode).toBe(400);
  });
});
