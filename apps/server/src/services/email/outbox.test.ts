import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { emailOutbox } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import { simpleParser } from 'mailparser';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmationPayload,
  createBookableHome,
  createIntent,
  guest,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
} from '../../test/booking.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { freePort, recordingTransport, startSmtpServer } from '../../test/smtp.js';
import { drainOutbox, enqueueEmail, maxEmailAttempts } from './outbox.js';

let t: TestApp;
let home: PropertyRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
});

afterAll(async () => {
  await t?.close();
});

/** Books a stay with Grocery Delivery and Housekeeping through the API; returns the confirmation. */
async function book(app = t.app) {
  const stay = nextStay(3);
  const addOns = [
    { id: 4, name: 'Grocery Delivery', price: 50 },
    { id: 1, name: 'Housekeeping', price: 100, option: 'Daily' },
  ];
  const intent = await createIntent(
    app,
    intentRequest(home, stay, { addOns, amount: intentRequest(home, stay).amount + 15_000 }),
  );
  await payWithCard(app, intent);
  const response = await postConfirm(app, confirmationPayload(intent, { propertyId: home.id, ...stay }));
  expect(response.status).toBe(200);
  return response.body as { bookingId: string; confirmationCode: string; totalAmount: number };
}

/** Marks every queued message due now, as if the retry delay had passed. */
async function makeEverythingDue() {
  await t.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(emailOutbox.status, 'queued'));
}

async function clearOutbox() {
  // Earlier tests' messages would be sent by the next drain otherwise.
  await t.db
    .update(emailOutbox)
    .set({ status: 'sent' })
    .where(sql`${emailOutbox.status} <> 'sent'`);
}

describe('the e-mail outbox', () => {
  it('delivers the booking confirmation to an SMTP server with its code, total and add-ons', async () => {
    await clearOutbox();
    const smtp = await startSmtpServer();
    try {
      const other = await t.buildAnotherApp({ SMTP_URL: smtp.url });
      const booking = await book(other.app);
      expect(await drainOutbox(t.db, other.app.mailer.transport)).toEqual({ sent: 1, retrying: 0, failed: 0 });

      expect(smtp.messages).toHaveLength(1);
      const mail = smtp.messages[0]!;
      expect(mail.subject).toBe(`Your Summit & Shore booking ${booking.confirmationCode} is confirmed`);
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(guest.email);
      expect(mail.from?.value).toEqual([{ name: 'Summit & Shore', address: 'stays@summitandshore.example' }]);
      // One message with two alternatives: the layout's HTML and its plain text.
      expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.text).not.toContain('<');
      for (const body of [mail.text ?? '', typeof mail.html === 'string' ? mail.html : '']) {
        expect(body).toContain(booking.confirmationCode);
        expect(body).toContain('$975.00');
        expect(body).toContain('Grocery Delivery');
        expect(body).toContain('Housekeeping (Daily)');
        expect(body).toContain('Bluebird Lodge');
        expect(body).toContain('(970) 555-0142');
      }
      expect(mail.text).toContain('Total paid: $975.00');
      expect(mail.text).toContain('Cancel within 48 hours of booking for a 100% refund.');

      const [row] = await t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.reference, `booking:${booking.bookingId}`));
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(mail.messageId).toBe(`<${row?.id}@summitandshore.example>`);
      // Sent once: a second drain finds nothing.
      expect(await drainOutbox(t.db, other.app.mailer.transport)).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("records the receiving server's answer: accepted is delivered, a recipient refused for good bounced at once", async () => {
    await clearOutbox();
    const smtp = await startSmtpServer(0, {
      refuse: (address) =>
        address.startsWith('nobody@')
          ? [550, '5.1.1 <nobody@example.com>: Recipient address rejected: User unknown']
          : address.startsWith('full@')
            ? [452, '4.2.2 Mailbox full, try again later']
            : null,
    });
    try {
      const other = await t.buildAnotherApp({ SMTP_URL: smtp.url });
      for (const to of ['guest@example.com', 'nobody@example.com', 'full@example.com']) {
        await enqueueEmail(t.db, {
          kind: 'delivery_test',
          to,
          subject: `For ${to}`,
          html: '<p>x</p>',
          text: 'x',
          dedupeKey: `delivery-test:${to}`,
        });
      }
      expect(await drainOutbox(t.db, other.app.mailer.transport)).toEqual({ sent: 1, retrying: 1, failed: 1 });
      expect(smtp.messages.map((m) => m.subject)).toEqual(['For guest@example.com']);
      const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'delivery_test'));
      const byTo = Object.fromEntries(rows.map((row) => [row.to, row]));
      expect(byTo['guest@example.com']).toMatchObject({ status: 'sent', delivery: 'delivered', lastError: null });
      // smtp-server's reply to the message, as the receiving server said it.
      expect(byTo['guest@example.com']?.deliveryDetail).toMatch(/^250 /);
      // Refused for good: failed after one attempt, not retried, with the server's reason.
      expect(byTo['nobody@example.com']).toMatchObject({ status: 'failed', attempts: 1, delivery: 'bounced' });
      expect(byTo['nobody@example.com']?.deliveryDetail).toBe(
        '550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown',
      );
      expect(byTo['nobody@example.com']?.lastError).toBe(
        'Bounced: 550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown',
      );
      // Refused for now (4xx): queued again for a later attempt, no outcome yet.
      expect(byTo['full@example.com']).toMatchObject({ status: 'queued', attempts: 1, delivery: null });
      expect(byTo['full@example.com']?.lastError).toContain('452 4.2.2 Mailbox full');
      await makeEverythingDue();
      expect(await drainOutbox(t.db, other.app.mailer.transport)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    } finally {
      await clearOutbox();
      await smtp.close();
    }
  });

  it('keeps a message while the mail server is down and delivers it once it is back', async () => {
    await clearOutbox();
    const port = await freePort();
    const other = await t.buildAnotherApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const booking = await book(other.app);

    expect(await drainOutbox(t.db, other.app.mailer.transport)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [failed] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.reference, `booking:${booking.bookingId}`));
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed?.lastError).toBeTruthy();
    // Retried after a delay, not at once.
    const delay = (failed!.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(delay).toBeGreaterThan(20);
    expect(delay).toBeLessThanOrEqual(31);
    expect(await drainOutbox(t.db, other.app.mailer.transport)).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const smtp = await startSmtpServer(port);
    try {
      await makeEverythingDue();
      expect(await drainOutbox(t.db, other.app.mailer.transport)).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(smtp.messages.map((m) => m.subject)).toEqual([
        `Your Summit & Shore booking ${booking.confirmationCode} is confirmed`,
      ]);
    } finally {
      await smtp.close();
    }
  });

  it('writes .eml files under DATA_DIR/outbox when no SMTP server is configured', async () => {
    await clearOutbox();
    await enqueueEmail(t.db, {
      kind: 'test_note',
      to: 'owner@example.com',
      subject: 'Hello & welcome',
      html: '<p>Hi &lt;there&gt;</p>',
      text: 'Hi <there>',
      dedupeKey: 'test-note-eml',
    });
    expect(await drainOutbox(t.db, t.app.mailer.transport)).toMatchObject({ sent: 1 });
    const dir = join(t.dataDir, 'outbox');
    const files = (await readdir(dir)).filter((f) => f.includes('test_note'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = await simpleParser(await readFile(join(dir, files[0]!)));
    expect(mail.subject).toBe('Hello & welcome');
    expect(mail.text?.trim()).toBe('Hi <there>');
  });

  it('queues one message per dedupe key', async () => {
    const message = {
      kind: 'test_note',
      to: 'a@example.com',
      subject: 's',
      html: 'h',
      text: 't',
      dedupeKey: 'test-note-once',
    };
    expect(await enqueueEmail(t.db, message)).toEqual({ queued: true });
    expect(await enqueueEmail(t.db, { ...message, subject: 'other' })).toEqual({ queued: false });
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, 'test-note-once'));
    expect(rows.map((r) => r.subject)).toEqual(['s']);
  });

  it('sends each message once when several workers drain at the same time', async () => {
    await clearOutbox();
    for (let i = 0; i < 25; i++) {
      await enqueueEmail(t.db, {
        kind: 'test_note',
        to: `guest${i}@example.com`,
        subject: `n${i}`,
        html: 'h',
        text: 't',
        dedupeKey: `test-note-parallel-${i}`,
      });
    }
    const { transport, sent } = recordingTransport();
    const results = await Promise.all([1, 2, 3].map(() => drainOutbox(t.db, transport, { batchSize: 4 })));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(25);
    expect(new Set(sent.map((m) => m.id)).size).toBe(25);
    expect(sent).toHaveLength(25);
  });

  it('claims again a message a dead worker left half-sent, but not one being sent now', async () => {
    await clearOutbox();
    const message = { kind: 'test_note', to: 'x@example.com', subject: 's', html: 'h', text: 't' };
    await enqueueEmail(t.db, { ...message, dedupeKey: 'test-note-stale' });
    await enqueueEmail(t.db, { ...message, dedupeKey: 'test-note-busy' });
    await t.db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: 1, claimedAt: sql`now() - interval '11 minutes'` })
      .where(eq(emailOutbox.dedupeKey, 'test-note-stale'));
    await t.db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: 1, claimedAt: sql`now() - interval '1 minute'` })
      .where(eq(emailOutbox.dedupeKey, 'test-note-busy'));

    const { transport, sent } = recordingTransport();
    expect(await drainOutbox(t.db, transport)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sent).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.dedupeKey} LIKE 'test-note-%'`);
    const byKey = new Map(rows.map((r) => [r.dedupeKey, r]));
    expect(byKey.get('test-note-stale')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(byKey.get('test-note-busy')).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('backs off after each failure and gives up after the last attempt', async () => {
    await clearOutbox();
    await enqueueEmail(t.db, {
      kind: 'test_note',
      to: 'bounce@example.com',
      subject: 's',
      html: 'h',
      text: 't',
      dedupeKey: 'test-note-bounce',
    });
    const { transport } = recordingTransport(() => true);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= maxEmailAttempts; attempt++) {
      const result = await drainOutbox(t.db, transport);
      const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, 'test-note-bounce'));
      if (attempt < maxEmailAttempts) {
        expect(result).toEqual({ sent: 0, retrying: 1, failed: 0 });
        delays.push(Math.round((row!.nextAttemptAt.getTime() - Date.now()) / 1000));
        await makeEverythingDue();
      } else {
        expect(result).toEqual({ sent: 0, retrying: 0, failed: 1 });
        expect(row).toMatchObject({ status: 'failed', attempts: maxEmailAttempts, lastError: 'mail server said no' });
      }
    }
    // 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h.
    expect(delays).toEqual([30, 120, 600, 1_800, 3_600, 10_800, 21_600]);
  });
});
