// The ARI push to Google (issue 27): a local HTTP receiver stands in for
// Google. Every message type is parsed; the queue the database fills, the
// batching per home, the retry with backoff, the ordering, the hold lapse,
// and on PostgreSQL two processes sending at once.
import { googleAriChanges, googleAriHomes } from '@sas/db';
import { insertStay } from '@sas/db/testing';
import {
  addDays,
  adminRatesSchema,
  eachNight,
  isWeekendNight,
  quoteResponseSchema,
  todayIn,
  toCents,
} from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookableHome, nextStay } from '../../test/booking.js';
import { createAccount, injectAs, type TestAccount } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { pushDueHomes, type AriSettings } from './ari.js';

interface Received {
  root: string;
  body: string;
  authorization: string | undefined;
}

interface Receiver {
  url: string;
  received: Received[];
  /** The next n requests answer 500. */
  failNext: number;
  /** While set, requests wait for it before answering. */
  gate: Promise<void> | null;
  /** Resolves when the next request arrives. */
  arrived: (() => void) | null;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    failNext: 0,
    gate: null,
    arrived: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const root = /<([A-Za-z_]+)[\s>]/.exec(body.replace(/^<\?xml[^>]*\?>\s*/, ''))?.[1] ?? '?';
      receiver.received.push({ root, body, authorization: request.headers.authorization });
      receiver.arrived?.();
      receiver.arrived = null;
      const answer = () => {
        if (receiver.failNext > 0) {
          receiver.failNext -= 1;
          response.writeHead(500).end('unavailable');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/xml' }).end('<Response><Success/></Response>');
      };
      if (receiver.gate) void receiver.gate.then(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ari`;
  return receiver;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['AvailStatusMessage', 'RateAmountMessage', 'LengthOfStay', 'Promotion'].includes(name),
});

type Control = { '@Start': string; '@End': string; '@InvTypeCode': string; '@RatePlanCode': string };

/** Each date a message names, with what it says about it. */
function ratesByDate(body: string): Map<string, number> {
  const doc = parser.parse(body) as {
    OTA_HotelRateAmountNotifRQ: {
      '@TimeStamp': string;
      RateAmountMessages: {
        '@HotelCode': string;
        RateAmountMessage: {
          StatusApplicationControl: Control;
          Rates: {
            Rate: { BaseByGuestAmts: { BaseByGuestAmt: { '@AmountBeforeTax': string; '@CurrencyCode': string } } };
          };
        }[];
      };
    };
  };
  const out = new Map<string, number>();
  for (const message of doc.OTA_HotelRateAmountNotifRQ.RateAmountMessages.RateAmountMessage) {
    const amount = message.Rates.Rate.BaseByGuestAmts.BaseByGuestAmt;
    expect(amount['@CurrencyCode']).toBe('USD');
    const { '@Start': start, '@End': end } = message.StatusApplicationControl;
    for (const date of eachNight(start, addDays(end, 1))) out.set(date, toCents(Number(amount['@AmountBeforeTax'])));
  }
  return out;
}

function availByDate(body: string): Map<string, { open: boolean; minStay: number; maxStay: number }> {
  const doc = parser.parse(body) as {
    OTA_HotelAvailNotifRQ: {
      AvailStatusMessages: {
        AvailStatusMessage: {
          StatusApplicationControl: Control;
          LengthsOfStay: { LengthOfStay: { '@MinMaxMessageType': string; '@Time': string }[] };
          RestrictionStatus: { '@Status': string };
        }[];
      };
    };
  };
  const out = new Map<string, { open: boolean; minStay: number; maxStay: number }>();
  for (const message of doc.OTA_HotelAvailNotifRQ.AvailStatusMessages.AvailStatusMessage) {
    const los = Object.fromEntries(
      message.LengthsOfStay.LengthOfStay.map((l) => [l['@MinMaxMessageType'], Number(l['@Time'])]),
    );
    const { '@Start': start, '@End': end } = message.StatusApplicationControl;
    for (const date of eachNight(start, addDays(end, 1))) {
      out.set(date, {
        open: message.RestrictionStatus['@Status'] === 'Open',
        minStay: los.SetMinLOS ?? 0,
        maxStay: los.SetMaxLOS ?? 0,
      });
    }
  }
  return out;
}

function timestampOf(message: Received): string {
  return /TimeStamp="([^"]+)"|timestamp="([^"]+)"/i.exec(message.body)?.slice(1).find(Boolean) ?? '';
}

let t: TestApp;
let receiver: Receiver;
let settings: AriSettings;
let staff: TestAccount;
let home: { id: string; propertyId: string; slug: string };
const partnerKey = 'partner-key-for-tests';
/** The worker's clock: each run later than the last and than every write before it. */
let clock = 0;
const tick = (ms = 1_000) => new Date((clock = Math.max(clock, Date.now()) + ms));

beforeAll(async () => {
  receiver = await startReceiver();
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  staff = await createAccount(t.app, t.db, 'staff');
  settings = { url: receiver.url, partnerKey };
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const messagesFor = (propertyId: string) =>
  receiver.received.filter((m) => m.body.includes(`"${propertyId}"`) || m.body.includes(`<ID>${propertyId}</ID>`));

describe('the ARI push', () => {
  it('sends nothing while GOOGLE_ARI_URL is unset, and drops the queue meanwhile', async () => {
    const report = await pushDueHomes(t.db, { url: undefined, partnerKey }, tick());
    expect(report.homes).toBe(0);
    expect(receiver.received).toEqual([]);
    expect(await t.db.select().from(googleAriChanges)).toEqual([]);
  });

  it('sends a new home in full: rates, taxes and fees, promotions, availability, each parsed, with the partner key', async () => {
    // The queue was dropped above; the nightly refresh queues a home Google has never been sent.
    const report = await pushDueHomes(t.db, settings, tick());
    expect(report.outcomes[home.propertyId]).toBe('sent');
    const sent = messagesFor(home.propertyId);
    expect(sent.map((m) => m.root)).toEqual([
      'OTA_HotelRateAmountNotifRQ',
      'TaxFeeInfo',
      'Promotions',
      'OTA_HotelAvailNotifRQ',
    ]);
    for (const message of sent) {
      expect(XMLValidator.validate(message.body)).toBe(true);
      expect(message.authorization).toBe(`Bearer ${partnerKey}`);
      expect(timestampOf(message)).toMatch(/^\d{4}-\d\d-\d\dT/);
    }

    const rates = ratesByDate(sent[0]!.body);
    expect(rates.size).toBe(330);
    for (const [date, cents] of rates) expect(cents).toBe(isWeekendNight(date) ? 25_000 : 20_000);

    const tax = parser.parse(sent[1]!.body) as {
      TaxFeeInfo: {
        Property: {
          ID: string;
          Taxes: { Tax: { Type: string; Amount: number } };
          Fees: { Fee: { Type: string; Amount: { '#text': number } } };
        };
      };
    };
    expect(tax.TaxFeeInfo.Property.ID).toBe(home.propertyId);
    expect(tax.TaxFeeInfo.Property.Taxes.Tax).toMatchObject({ Type: 'percent', Amount: 10 });
    expect(tax.TaxFeeInfo.Property.Fees.Fee.Amount['#text']).toBe(150);

    const avail = availByDate(sent[3]!.body);
    expect(avail.size).toBe(330);
    expect([...avail.values()].every((d) => d.open && d.minStay === 2 && d.maxStay === 30)).toBe(true);

    // For any itinerary, the nightly amounts pushed add up to the quote's nights before discounts.
    const stay = nextStay(4);
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${home.id}/quote`,
      payload: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2, children: 0 } },
    });
    const pushed = eachNight(stay.checkIn, stay.checkOut).reduce((sum, night) => sum + (rates.get(night) ?? NaN), 0);
    expect(pushed).toBe(toCents(quoteResponseSchema.parse(quote.json()).basePrice));

    const [state] = await t.db.select().from(googleAriHomes).where(eq(googleAriHomes.propertyId, home.id));
    expect(state?.sent?.nights).toHaveLength(330);
    expect(state?.fullSentAt).not.toBeNull();
    expect(await t.db.select().from(googleAriChanges).where(eq(googleAriChanges.propertyId, home.id))).toEqual([]);
  });

  it('sends a raised weekend rate, edited in the console, as a rate message for exactly the weekend nights', async () => {
    receiver.received.length = 0;
    const current = await injectAs(t.app, staff, { method: 'GET', url: `/api/admin/properties/${home.id}/rates` });
    const rates = adminRatesSchema.parse(current.json());
    const put = await injectAs(t.app, staff, {
      method: 'PUT',
      url: `/api/admin/properties/${home.id}/rates`,
      payload: { ...rates, weekendNightly: 275 },
    });
    expect(put.statusCode).toBe(200);
    await pushDueHomes(t.db, settings, tick());
    const sent = messagesFor(home.propertyId);
    expect(sent.map((m) => m.root)).toEqual(['OTA_HotelRateAmountNotifRQ']);
    const changed = ratesByDate(sent[0]!.body);
    const today = todayIn('America/Denver', new Date(clock));
    const weekends = eachNight(today, addDays(today, 330)).filter(isWeekendNight);
    expect([...changed.keys()].sort()).toEqual(weekends);
    expect([...changed.values()].every((cents) => cents === 27_500)).toBe(true);
  });

  it('sends a booking as closed nights, only those', async () => {
    receiver.received.length = 0;
    const stay = nextStay(3);
    await insertStay(t.db, home.id, { ...stay, kind: 'reservation' });
    await pushDueHomes(t.db, settings, tick());
    const sent = messagesFor(home.propertyId);
    expect(sent.map((m) => m.root)).toEqual(['OTA_HotelAvailNotifRQ']);
    const avail = availByDate(sent[0]!.body);
    expect([...avail.keys()]).toEqual(eachNight(stay.checkIn, stay.checkOut));
    expect([...avail.values()].every((d) => !d.open)).toBe(true);
  });

  it('retries a failed push with backoff, then sends the changes of both batches, never out of order', async () => {
    receiver.received.length = 0;
    receiver.failNext = 1;
    const first = nextStay(2);
    await insertStay(t.db, home.id, { ...first, kind: 'owner_block' });
    const failedAt = tick();
    expect((await pushDueHomes(t.db, settings, failedAt)).outcomes[home.propertyId]).toBe('failed');
    const [state] = await t.db.select().from(googleAriHomes).where(eq(googleAriHomes.propertyId, home.id));
    expect(state?.attempts).toBe(1);
    expect(state?.lastError).toContain('HTTP 500');
    expect(state?.nextAttemptAt?.getTime()).toBe(failedAt.getTime() + 15_000);

    // A second change while it waits: nothing goes out before the delay.
    const second = nextStay(2);
    await insertStay(t.db, home.id, { ...second, kind: 'staff_block' });
    const early = await pushDueHomes(t.db, settings, tick(5_000));
    expect(early.outcomes[home.propertyId]).toBeUndefined();
    expect(receiver.received).toHaveLength(1);

    expect((await pushDueHomes(t.db, settings, tick(15_000))).outcomes[home.propertyId]).toBe('sent');
    const [retried] = messagesFor(home.propertyId).slice(1);
    expect(retried?.root).toBe('OTA_HotelAvailNotifRQ');
    const closed = [...availByDate(retried!.body).entries()].filter(([, d]) => !d.open).map(([date]) => date);
    expect(closed).toEqual([
      ...eachNight(first.checkIn, first.checkOut),
      ...eachNight(second.checkIn, second.checkOut),
    ]);
    const stamps = receiver.received.map(timestampOf);
    expect([...stamps].sort()).toEqual(stamps);
    const [after] = await t.db.select().from(googleAriHomes).where(eq(googleAriHomes.propertyId, home.id));
    expect(after).toMatchObject({ attempts: 0, nextAttemptAt: null, lastError: null });
  });

  it('looks again at a home the twin held back, and sends it in full once it agrees', async () => {
    await pushDueHomes(t.db, settings, tick());
    receiver.received.length = 0;
    // Held back with nothing waiting (the twin's verdict of a night that has since agreed).
    await t.db
      .update(googleAriHomes)
      .set({ blockedReason: '1 stay disagrees' })
      .where(eq(googleAriHomes.propertyId, home.id));
    const queuedAt = tick();
    expect((await pushDueHomes(t.db, settings, queuedAt)).outcomes[home.propertyId]).toBeUndefined();
    const [recheck] = await t.db.select().from(googleAriChanges).where(eq(googleAriChanges.propertyId, home.id));
    expect(recheck).toMatchObject({ source: 'recheck' });
    expect(recheck?.dueAt.getTime()).toBe(queuedAt.getTime() + 10 * 60_000);

    expect((await pushDueHomes(t.db, settings, tick(10 * 60_000))).outcomes[home.propertyId]).toBe('sent');
    expect(messagesFor(home.propertyId).map((m) => m.root)).toEqual([
      'OTA_HotelRateAmountNotifRQ',
      'TaxFeeInfo',
      'Promotions',
      'OTA_HotelAvailNotifRQ',
    ]);
    const [state] = await t.db.select().from(googleAriHomes).where(eq(googleAriHomes.propertyId, home.id));
    expect(state?.blockedReason).toBeNull();
  });

  it('queues a payment hold for when it lapses, when its nights reopen with no write', async () => {
    const stay = nextStay(2);
    const expiresAt = new Date(Date.now() + 15 * 60_000);
    await insertStay(t.db, home.id, { ...stay, kind: 'hold', expiresAt });
    const queued = await t.db
      .select({ dueAt: googleAriChanges.dueAt })
      .from(googleAriChanges)
      .where(and(eq(googleAriChanges.propertyId, home.id), eq(googleAriChanges.source, 'hold-lapse')));
    expect(queued.map((row) => row.dueAt.getTime())).toEqual([expiresAt.getTime()]);
    // Sending now closes the nights; the lapse row waits for its time.
    await pushDueHomes(t.db, settings, tick());
    expect(await t.db.select().from(googleAriChanges).where(eq(googleAriChanges.propertyId, home.id))).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on PostgreSQL', () => {
  it('send one batch per change between them: the second waits for the home the first is sending', async () => {
    const other = await t.buildSeparateApp();
    receiver.received.length = 0;
    await insertStay(t.db, home.id, { ...nextStay(2), kind: 'owner_block' });
    let release!: () => void;
    receiver.gate = new Promise<void>((resolve) => (release = resolve));
    const arrived = new Promise<void>((resolve) => (receiver.arrived = resolve));
    const now = tick();
    const first = pushDueHomes(t.db, settings, now);
    await arrived;
    // The first process holds the home while Google has not answered: the second skips it.
    const second = await pushDueHomes(other.db, settings, now);
    expect(second.outcomes[home.propertyId]).toBe('busy');
    receiver.gate = null;
    release();
    expect((await first).outcomes[home.propertyId]).toBe('sent');
    expect(messagesFor(home.propertyId)).toHaveLength(1);

    // The next change may go out from either process, after the first.
    await insertStay(other.db, home.id, { ...nextStay(2), kind: 'owner_block' });
    expect((await pushDueHomes(other.db, settings, tick())).outcomes[home.propertyId]).toBe('sent');
    const stamps = messagesFor(home.propertyId).map(timestampOf);
    expect(stamps).toHaveLength(2);
    expect(stamps[0]! < stamps[1]!).toBe(true);
  });
});
