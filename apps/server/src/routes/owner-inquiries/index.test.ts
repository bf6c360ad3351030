import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { emailOutbox, ownerInquiries } from '@sas/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../../services/email/outbox.js';
import { createMailTransport } from '../../services/email/transport.js';
import { maxOwnerInquiriesPerHour, ownerInquiryEmailKind } from '../../services/owner-inquiries.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
const inbox = 'owners@test.example';

beforeAll(async () => {
  t = await buildTestApp({ COMPANY_INBOX_EMAIL: inbox }, { seed: false });
});

afterAll(async () => {
  await t?.close();
});

let counter = 0;
/** A valid inquiry from an address no other test uses. */
function inquiry(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: 'Dana <b>Owner</b>',
    email: `owner-${counter}@example.com`,
    phone: '(970) 555-0199',
    propertyLocation: 'Breckenridge, CO',
    bedrooms: 3,
    message: 'A three-bedroom condo near the gondola.\nAvailable from December.',
    ...overrides,
  };
}

function post(body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/owner-inquiries', payload: body as Record<string, unknown> });
}

async function counts() {
  const [rows] = await t.db.select({ n: count() }).from(ownerInquiries);
  const [mails] = await t.db.select({ n: count() }).from(emailOutbox);
  return { inquiries: rows?.n ?? 0, emails: mails?.n ?? 0 };
}

describe('POST /api/owner-inquiries', () => {
  it('stores the inquiry and queues one e-mail to the company inbox', async () => {
    const body = inquiry();
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();

    const [row] = await t.db.select().from(ownerInquiries).where(eq(ownerInquiries.id, id));
    expect(row).toMatchObject({
      name: body.name,
      email: body.email,
      phone: body.phone,
      propertyLocation: 'Breckenridge, CO',
      bedrooms: 3,
      message: body.message,
    });

    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `owner-inquiry:${id}`));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ kind: ownerInquiryEmailKind, to: inbox, status: 'queued' });
    expect(mail?.subject).toBe('Owner inquiry: Dana <b>Owner</b>, 3-bedroom home in Breckenridge, CO');
    expect(mail?.text).toContain(`E-mail: ${body.email}`);
    expect(mail?.text).toContain('Available from December.');
    // What the visitor typed is text in the HTML, never markup.
    expect(mail?.html).toContain('Dana &lt;b&gt;Owner&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>Owner</b>');
  });

  it('delivers the e-mail through the outbox as a file without SMTP', async () => {
    const { id } = (await post(inquiry({ name: 'File Owner' }))).json<{ id: string }>();
    const outboxDir = join(t.dataDir, 'outbox-test');
    await drainOutbox(t.db, createMailTransport({ from: 'Test <test@example.com>', outboxDir, now: () => new Date() }));
    const files = await readdir(outboxDir);
    const contents = await Promise.all(files.map((file) => readFile(join(outboxDir, file), 'utf8')));
    expect(contents.some((eml) => eml.includes(id) && eml.includes(`To: ${inbox}`))).toBe(true);
  });

  it.each([
    ['a missing name', { name: undefined }, 'name is required'],
    ['a blank name', { name: '   ' }, 'name is required'],
    ['a bad e-mail address', { email: 'owner@' }, 'email must be a valid e-mail address'],
    ['a short phone number', { phone: '555' }, 'phone must be a phone number of at least 7 digits'],
    ['a fractional bedroom count', { bedrooms: 2.5 }, 'bedrooms must be a whole number'],
    ['too many bedrooms', { bedrooms: 51 }, 'bedrooms must be a whole number between 0 and 50'],
    ['bedrooms as text', { bedrooms: '3' }, 'bedrooms must be a whole number'],
    ['an empty message', { message: '' }, 'message is required'],
    ['an unknown field', { referrer: 'x' }, "Unknown field 'referrer'"],
  ])('refuses %s with a 400 and stores nothing', async (_case, overrides, message) => {
    const before = await counts();
    const response = await post(inquiry(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/owner-inquiries',
      headers: { 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(response.statusCode).toBe(400);
  });

  it(`accepts ${maxOwnerInquiriesPerHour} inquiries an hour from one address, then answers 429`, async () => {
    const email = 'Busy.Owner@example.com';
    for (let i = 0; i < maxOwnerInquiriesPerHour; i++) {
      expect((await post(inquiry({ email }))).statusCode).toBe(201);
    }
    const before = await counts();
    const response = await post(inquiry({ email: email.toLowerCase() }));
    expect(response.statusCode).toBe(429);
    expect(response.json<{ message: string }>().message).toMatch(/already received several inquiries/);
    expect(await counts()).toEqual(before);
    // Someone else is not held up.
    expect((await post(inquiry())).statusCode).toBe(201);
  });
});
