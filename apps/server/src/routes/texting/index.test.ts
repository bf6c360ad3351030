// Text messages (issue 28), on the server: a guest who opted in at booking
// gets the arrival details and the checkout reminder by text too (rows of
// their own in the forecast, same timing), through the sandbox provider's
// files; a STOP reply to the webhook stops the next text at once (recorded
// skipped, with why); the opt-in's number is checked; the webhook trusts only
// Twilio's signature (or, in the sandbox, loopback callers), whoever calls.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bookings, guestMessages } from '@sas/db';
import {
  addDays,
  bookingMessageListSchema,
  instantIn,
  todayIn,
  type BookingContact,
  type BookingMessage,
  type IsoDate,
} from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxTextDetail, twilioSignature } from '../../services/texting/index.js';
import { bookStay, createBookableHome, guest, intentRequest, postIntent } from '../../test/booking.js';
import { createRoleAccounts, injectAs } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { startTwilioContractServer, type TwilioContractServer } from '../../test/twilio-contract-server.js';

const zone = 'America/Denver';
const phone = '+13035550123';
let t: TestApp;
let home: { id: string };
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let twilio: TwilioContractServer;

beforeAll(async () => {
  t = await buildTestApp({ TEST_CLOCK: 'true' }, { seed: false });
  home = await createBookableHome(t.db);
  const other = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [other.id]);
  twilio = await startTwilioContractServer();
});

afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

const at = (date: IsoDate, time: string) => instantIn(zone, date, time);

async function runJobs(app: FastifyInstance, instant: Date): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/test/jobs/run',
    payload: { at: instant.toISOString() },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function messagesOf(code: string): Promise<BookingMessage[]> {
  const response = await injectAs(t.app, accounts.staff, {
    method: 'GET',
    url: `/api/admin/reservations/${code}/messages`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return bookingMessageListSchema.parse(response.json());
}

async function book(checkIn: IsoDate, contact: Partial<BookingContact>) {
  const stay = { checkIn, checkOut: addDays(checkIn, 3) };
  const quote = await t.app.inject({
    method: 'POST',
    url: `/api/properties/${home.id}/quote`,
    payload: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2, children: 1 } },
  });
  const amount = Math.round(quote.json<{ total: number }>().total * 100);
  return bookStay(t.app, t.db, intentRequest(home, stay, { amount, contact: { ...guest, ...contact } }));
}

async function textFiles(): Promise<string[]> {
  const names = await readdir(join(t.dataDir, 'outbox')).catch(() => []);
  return Promise.all(
    names
      .filter((name) => name.includes('-sms-') && name.endsWith('.txt'))
      .map((name) => readFile(join(t.dataDir, 'outbox', name), 'utf8')),
  );
}

function inbound(
  body: Record<string, string>,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return {
    method: 'POST' as const,
    url: '/api/texting/inbound',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    payload: new URLSearchParams(body).toString(),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  };
}

describe('text messages', () => {
  it('texts the arrival details and the checkout reminder to a guest who opted in, and STOP stops the next one at once', async () => {
    const checkIn = addDays(todayIn(zone), 12);
    const booking = await book(checkIn, { phoneNumber: '+1 (303) 555-0123', textMessages: true });
    expect(booking.textPhone).toBe(phone);
    const forecast = await messagesOf(booking.code);
    const texts = forecast.filter((m) => m.channel === 'sms');
    expect(texts.map((m) => [m.template, m.status])).toEqual([
      ['arrival_details', 'scheduled'],
      ['checkout_reminder', 'scheduled'],
    ]);
    // Same timing as the e-mail of the same template.
    for (const text of texts) {
      const email = forecast.find((m) => m.channel === 'email' && m.template === text.template);
      expect(text.dueAt).toBe(email?.dueAt);
    }
    const arrival = at(addDays(checkIn, -1), '10:00');
    await runJobs(t.app, arrival);
    await runJobs(t.app, arrival); // a second run sends nothing again
    const files = await textFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(`To: ${phone}`);
    expect(files[0]).toContain('Arrival details for');
    expect(
      (await messagesOf(booking.code)).find((m) => m.channel === 'sms' && m.template === 'arrival_details'),
    ).toMatchObject({
      status: 'sent',
      sentAt: arrival.toISOString(),
      // The sandbox says what it did: no phone was involved.
      delivery: 'delivered',
      deliveryDetail: sandboxTextDetail,
    });

    // The guest replies STOP (any case, as carriers read it); the forecast says so at once.
    const stop = await t.app.inject(
      inbound({ From: '+1 303 555 0123', To: '+15550009999', Body: ' stop ', MessageSid: 'SMx' }),
    );
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.headers['content-type']).toContain('text/xml');
    const reminder = (await messagesOf(booking.code)).find(
      (m) => m.channel === 'sms' && m.template === 'checkout_reminder',
    );
    expect(reminder).toMatchObject({
      status: 'scheduled',
      reason: 'Will be skipped: the guest replied stop to our texts',
    });

    await runJobs(t.app, at(addDays(checkIn, 2), '18:00'));
    expect(await textFiles()).toHaveLength(1);
    const after = await messagesOf(booking.code);
    expect(after.find((m) => m.channel === 'sms' && m.template === 'checkout_reminder')).toMatchObject({
      status: 'skipped',
      reason: 'The guest replied STOP to our texts',
    });
    // The e-mail is unaffected.
    expect(after.find((m) => m.channel === 'email' && m.template === 'checkout_reminder')?.status).toBe('sent');

    // START opts back in for later texts.
    const start = await t.app.inject(inbound({ From: phone, Body: 'START' }));
    expect(start.statusCode).toBe(200);
  });

  it('plans no texts without the opt-in, and refuses an opt-in whose number cannot take texts', async () => {
    const checkIn = addDays(todayIn(zone), 20);
    const plain = await book(checkIn, {});
    expect(plain.textPhone).toBeNull();
    expect((await messagesOf(plain.code)).filter((m) => m.channel === 'sms')).toEqual([]);

    const before = await t.db.select({ id: bookings.id }).from(bookings);
    const refused = await postIntent(
      t.app,
      intentRequest(
        home,
        { checkIn: addDays(checkIn, 5), checkOut: addDays(checkIn, 8) },
        {
          contact: { ...guest, phoneNumber: '555-0123', textMessages: true },
        },
      ),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('country code');
    expect(await t.db.select({ id: bookings.id }).from(bookings)).toHaveLength(before.length);
  });

  it('the sandbox webhook answers loopback callers only; a bad From or an unknown word changes nothing', async () => {
    const remote = await t.app.inject(inbound({ From: phone, Body: 'STOP' }, { remoteAddress: '203.0.113.9' }));
    expect(remote.statusCode).toBe(404);
    const status = await t.app.inject({
      ...inbound({ MessageSid: 'SM1', MessageStatus: 'delivered' }, { remoteAddress: '203.0.113.9' }),
      url: '/api/texting/status',
    });
    expect(status.statusCode).toBe(404);
    const noFrom = await t.app.inject(inbound({ Body: 'STOP' }));
    expect(noFrom.statusCode).toBe(400);
    const chat = await t.app.inject(inbound({ From: phone, Body: 'please stop by at 5' }));
    expect(chat.statusCode).toBe(200);
  });
});

describe('with Twilio configured', () => {
  let app: FastifyInstance;
  let publicUrl: string;

  beforeAll(async () => {
    const built = await t.buildAnotherApp({
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15550009999',
      TWILIO_API_URL: twilio.url,
    });
    app = built.app;
    publicUrl = built.env.PUBLIC_URL;
  });

  it('the webhook needs X-Twilio-Signature, whoever calls: every role without it gets 403 and nothing changes', async () => {
    const body = { From: '+13035550199', To: '+15550009999', Body: 'STOP' };
    for (const account of [null, accounts.guest, accounts.owner, accounts.otherOwner, accounts.staff, accounts.admin]) {
      const response = await injectAs(app, account, inbound(body));
      expect(response.statusCode, account?.role ?? 'anonymous').toBe(403);
    }
    const forged = await app.inject(
      inbound(body, {
        headers: { 'x-twilio-signature': twilioSignature('wrong-token', `${publicUrl}/api/texting/inbound`, body) },
      }),
    );
    expect(forged.statusCode).toBe(403);
    // Signed for other parameters (a replay with the body changed).
    const replayed = await app.inject(
      inbound(
        { ...body, Body: 'START' },
        {
          headers: {
            'x-twilio-signature': twilioSignature(twilio.authToken, `${publicUrl}/api/texting/inbound`, body),
          },
        },
      ),
    );
    expect(replayed.statusCode).toBe(403);
    const signed = await app.inject(
      inbound(body, {
        headers: { 'x-twilio-signature': twilioSignature(twilio.authToken, `${publicUrl}/api/texting/inbound`, body) },
        remoteAddress: '203.0.113.9',
      }),
    );
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it('sends through the Messages API, and records a text Twilio refuses as failed with its words', async () => {
    const checkIn = addDays(todayIn(zone), 30);
    const booking = await book(checkIn, { phoneNumber: '303 555 0177', textMessages: true });
    expect(booking.textPhone).toBe('+13035550177');
    const sent = twilio.requests.length;
    await runJobs(app, at(addDays(checkIn, -1), '10:00'));
    const request = twilio.requests.at(-1);
    expect(twilio.requests.length).toBe(sent + 1);
    expect(request).toMatchObject({ method: 'POST', path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json` });
    expect(request?.form).toMatchObject({
      To: '+13035550177',
      From: '+15550009999',
      StatusCallback: `${publicUrl}/api/texting/status`,
    });
    expect(request?.form.Body).toContain('Arrival details for');
    const [row] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toBeDefined();

    // The carrier's STOP reached Twilio but not us: Twilio refuses (21610), the row says why.
    twilio.unsubscribed.add('+13035550177');
    await runJobs(app, at(addDays(checkIn, 2), '18:00'));
    const reminder = (await messagesOf(booking.code)).find(
      (m) => m.channel === 'sms' && m.template === 'checkout_reminder',
    );
    expect(reminder).toMatchObject({
      status: 'failed',
      reason: 'Twilio refused the text: Attempt to send to unsubscribed recipient',
    });
  });

  it("records Twilio's status callbacks, signed only: delivered, or undelivered as failed with its error code", async () => {
    const checkIn = addDays(todayIn(zone), 40);
    const booking = await book(checkIn, { phoneNumber: '303 555 0188', textMessages: true });
    await runJobs(app, at(addDays(checkIn, -1), '10:00'));
    const [arrival] = await t.db
      .select({ sid: guestMessages.providerMessageId })
      .from(guestMessages)
      .where(
        and(
          eq(guestMessages.bookingId, booking.id),
          eq(guestMessages.channel, 'sms'),
          eq(guestMessages.template, 'arrival_details'),
        ),
      );
    const sid = arrival?.sid ?? '';
    expect(sid).toMatch(/^SM\d{32}$/);
    const textOf = async (template: string) =>
      (await messagesOf(booking.code)).find((m) => m.channel === 'sms' && m.template === template);
    // Twilio's answer to the send: queued, on its way.
    expect(await textOf('arrival_details')).toMatchObject({
      status: 'sent',
      delivery: 'accepted',
      deliveryDetail: 'Twilio: queued',
    });

    const url = `${publicUrl}/api/texting/status`;
    const callback = (body: Record<string, string>, signature?: string) =>
      ({
        ...inbound(body, signature ? { headers: { 'x-twilio-signature': signature } } : {}),
        url: '/api/texting/status',
      }) as const;
    const delivered = { MessageSid: sid, MessageStatus: 'delivered', AccountSid: twilio.accountSid };
    for (const account of [null, accounts.guest, accounts.owner, accounts.staff, accounts.admin]) {
      const response = await injectAs(app, account, callback(delivered));
      expect(response.statusCode, account?.role ?? 'anonymous').toBe(403);
    }
    const forged = await app.inject(callback(delivered, twilioSignature('wrong-token', url, delivered)));
    expect(forged.statusCode).toBe(403);
    expect((await textOf('arrival_details'))?.delivery).toBe('accepted');

    const signed = await app.inject(callback(delivered, twilioSignature(twilio.authToken, url, delivered)));
    expect(signed.statusCode, signed.body).toBe(204);
    expect(await textOf('arrival_details')).toMatchObject({
      status: 'sent',
      delivery: 'delivered',
      deliveryDetail: 'Twilio: delivered',
    });
    // A step on the way that arrives late does not undo the final word.
    const late = { MessageSid: sid, MessageStatus: 'sent' };
    expect((await app.inject(callback(late, twilioSignature(twilio.authToken, url, late)))).statusCode).toBe(204);
    expect((await textOf('arrival_details'))?.delivery).toBe('delivered');

    // The checkout reminder never reaches the phone: Twilio says undelivered, with its error code.
    await runJobs(app, at(addDays(checkIn, 2), '18:00'));
    const [reminder] = await t.db
      .select({ sid: guestMessages.providerMessageId })
      .from(guestMessages)
      .where(
        and(
          eq(guestMessages.bookingId, booking.id),
          eq(guestMessages.channel, 'sms'),
          eq(guestMessages.template, 'checkout_reminder'),
        ),
      );
    const undelivered = { MessageSid: reminder?.sid ?? '', MessageStatus: 'undelivered', ErrorCode: '30003' };
    const answered = await app.inject(callback(undelivered, twilioSignature(twilio.authToken, url, undelivered)));
    expect(answered.statusCode).toBe(204);
    expect(await textOf('checkout_reminder')).toMatchObject({
      status: 'failed',
      reason: 'Not delivered: Twilio: undelivered (error 30003)',
      delivery: 'bounced',
    });

    // Bad parameters are refused; a text we do not know is acknowledged and changes nothing.
    const bad = { MessageSid: '', MessageStatus: 'delivered' };
    expect((await app.inject(callback(bad, twilioSignature(twilio.authToken, url, bad)))).statusCode).toBe(400);
    const unknown = { MessageSid: 'SM99999999999999999999999999999999', MessageStatus: 'failed' };
    expect((await app.inject(callback(unknown, twilioSignature(twilio.authToken, url, unknown)))).statusCode).toBe(204);
  });
});
