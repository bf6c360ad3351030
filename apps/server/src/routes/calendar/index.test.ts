import { auditLog, fromDateRange, stays } from '@sas/db';
import { insertProperty, insertRates, insertStay, type PropertyRow } from '@sas/db/testing';
import { addDays, calendarResponseSchema, todayIn } from '@sas/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleAccounts, type TestAccount } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

const staffKey = 'test-staff-key-0123456789abcdef';

let t: TestApp;
/** The same app and database with blocking enabled. */
let staffApp: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp();
  staffApp = (await t.buildAnotherApp({ STAFF_API_KEY: staffKey })).app;
});

afterAll(async () => {
  await t?.close();
});

const year = Number(todayIn('America/Denver').slice(0, 4)) + 1;

async function calendar(id: string, query = '') {
  const response = await t.app.inject({ method: 'GET', url: `/api/properties/${id}/calendar${query}` });
  return { status: response.statusCode, body: response.json<unknown>() };
}

async function block(
  app: FastifyInstance,
  propertyId: string,
  body: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${staffKey}` },
) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/calendar/block-dates?propertyId=${encodeURIComponent(propertyId)}`,
    headers,
    payload: body as object,
  });
  return { status: response.statusCode, body: response.json<unknown>(), headers: response.headers };
}

async function staysOf(propertyId: string) {
  const rows = await t.db
    .select()
    .from(stays)
    .where(eq(stays.propertyId, propertyId))
    .orderBy(asc(stays.createdAt), asc(stays.nights));
  return rows.map((row) => ({ ...fromDateRange(row.nights), kind: row.kind, status: row.status, reason: row.reason }));
}

async function createHome() {
  const home = await insertProperty(t.db, { timeZone: 'America/Detroit', state: 'MI' });
  await insertRates(t.db, home.id, {
    minStay: 2,
    seasons: [{ name: 'Summer', start: `${year}-06-01`, end: `${year}-09-01`, minStay: 3 }],
  });
  return home;
}

describe('GET /api/properties/:id/calendar', () => {
  it('lists the nights taken by reservations, owner blocks and live holds, not by expired or released ones', async () => {
    const home = await createHome();
    await insertStay(t.db, home.id, { checkIn: `${year}-07-01`, checkOut: `${year}-07-04` });
    await insertStay(t.db, home.id, { checkIn: `${year}-07-10`, checkOut: `${year}-07-11`, kind: 'owner_block' });
    await insertStay(t.db, home.id, {
      checkIn: `${year}-07-20`,
      checkOut: `${year}-07-22`,
      kind: 'hold',
      expiresAt: new Date(Date.now() + 15 * 60 * 1000),
    });
    await insertStay(t.db, home.id, {
      checkIn: `${year}-07-24`,
      checkOut: `${year}-07-26`,
      kind: 'hold',
      expiresAt: new Date(Date.now() - 60 * 1000),
    });
    await insertStay(t.db, home.id, { checkIn: `${year}-07-27`, checkOut: `${year}-07-29`, status: 'released' });

    const { status, body } = await calendar(home.id, `?from=${year}-07-02&to=${year}-08-01`);
    expect(status).toBe(200);
    expect(calendarResponseSchema.parse(body)).toEqual({
      propertyId: home.id,
      today: todayIn('America/Detroit'),
      from: `${year}-07-02`,
      to: `${year}-08-01`,
      // The reservation is clipped to the window; check-out days are free.
      unavailable: [`${year}-07-02`, `${year}-07-03`, `${year}-07-10`, `${year}-07-20`, `${year}-07-21`],
      minStay: { default: 2, ranges: [{ start: `${year}-06-01`, end: `${year}-09-01`, minStay: 3 }] },
    });
  });

  it('covers a year from today where the home is by default', async () => {
    const home = await createHome();
    const today = todayIn('America/Detroit');
    const { status, body } = await calendar(home.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ from: today, to: addDays(today, 365), today, unavailable: [] });
    const onlyFrom = await calendar(home.id, `?from=${year}-01-01`);
    expect(onlyFrom.body).toMatchObject({ from: `${year}-01-01`, to: addDays(`${year}-01-01`, 365) });
  });

  it('finds the home by slug and answers 404 for an unknown one', async () => {
    const home = await createHome();
    expect((await calendar(home.slug)).body).toMatchObject({ propertyId: home.id });
    expect(await calendar('7c9e6679-7425-40de-944b-e07fc1f90ae7')).toEqual({
      status: 404,
      body: { message: 'Property not found' },
    });
  });

  it('answers 400 for bad or backwards windows', async () => {
    const home = await createHome();
    expect(await calendar(home.id, `?from=${year}-02-30`)).toEqual({
      status: 400,
      body: { message: 'from must be a calendar date written as YYYY-MM-DD' },
    });
    expect(await calendar(home.id, `?from=${year}-03-01&to=${year}-03-01`)).toEqual({
      status: 400,
      body: { message: `to (${year}-03-01) must be after from (${year}-03-01)` },
    });
    const tooLong = await calendar(home.id, `?from=${year}-01-01&to=${year + 1}-01-03`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: expect.stringContaining('at most 366 days') as unknown });
    expect((await calendar(home.id, `?from=${year}-01-01&to=${year + 1}-01-02`)).status).toBe(200);
    expect((await calendar(home.id, '?month=3')).status).toBe(400);
  });

  it('gives a home without rates the default minimum stay of one night', async () => {
    const home = await insertProperty(t.db);
    expect((await calendar(home.id)).body).toMatchObject({ minStay: { default: 1, ranges: [] } });
  });
});

describe('PUT /api/calendar/block-dates', () => {
  it('is off for a caller without a token until a staff API key is configured', async () => {
    const home = await createHome();
    const response = await block(t.app, home.id, { dates: [`${year}-10-01`] });
    expect(response).toMatchObject({ status: 403, body: { message: 'Blocking dates is not enabled.' } });
    const anonymous = await block(t.app, home.id, { dates: [`${year}-10-01`] }, {});
    expect(anonymous).toMatchObject({ status: 403, body: { message: 'Blocking dates is not enabled.' } });
    expect(await staysOf(home.id)).toEqual([]);
  });

  it('needs the key as a bearer token, checked before the request body', async () => {
    const home = await createHome();
    const missing = await block(staffApp, home.id, { dates: [`${year}-10-01`] }, {});
    expect(missing).toMatchObject({
      status: 401,
      body: { message: 'Blocking dates needs the staff API key: send it as "Authorization: Bearer <key>".' },
    });
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    const wrong = await block(
      staffApp,
      home.id,
      { dates: [`${year}-10-01`] },
      { authorization: `Bearer ${staffKey}x` },
    );
    expect(wrong).toMatchObject({ status: 401, body: { message: 'The staff API key is not valid.' } });
    const basic = await block(staffApp, home.id, { dates: [`${year}-10-01`] }, { authorization: `Basic ${staffKey}` });
    expect(basic.status).toBe(401);
    expect((await block(staffApp, home.id, { nonsense: true }, {})).status).toBe(401);
    expect(await staysOf(home.id)).toEqual([]);
  });

  it('blocks the dates as staff blocks, one per run of consecutive nights, each audited', async () => {
    const home = await createHome();
    const dates = [`${year}-10-03`, `${year}-10-01`, `${year}-10-02`, `${year}-10-07`, `${year}-10-02`];
    const response = await block(staffApp, home.id, { dates, price: 250, minStay: 2 });
    expect(response).toMatchObject({ status: 200, body: { success: true } });
    expect(await staysOf(home.id)).toEqual([
      {
        checkIn: `${year}-10-01`,
        checkOut: `${year}-10-04`,
        kind: 'staff_block',
        status: 'active',
        reason: 'RESERVATION',
      },
      {
        checkIn: `${year}-10-07`,
        checkOut: `${year}-10-08`,
        kind: 'staff_block',
        status: 'active',
        reason: 'RESERVATION',
      },
    ]);
    const { body } = await calendar(home.id, `?from=${year}-10-01&to=${year}-11-01`);
    expect(body).toMatchObject({
      unavailable: [`${year}-10-01`, `${year}-10-02`, `${year}-10-03`, `${year}-10-07`],
    });
    // The console's audit log names the key, as the console names an account.
    const entries = await t.db
      .select({ actorId: auditLog.actorId, actorEmail: auditLog.actorEmail, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'block.create'), sql`${auditLog.after} ->> 'checkIn' like ${`${year}-10-0%`}`));
    expect(entries.filter((entry) => (entry.after as { kind?: string }).kind === 'staff_block')).toEqual([
      expect.objectContaining({ actorId: null, actorEmail: 'staff API key (STAFF_API_KEY)' }),
      expect.objectContaining({ actorId: null, actorEmail: 'staff API key (STAFF_API_KEY)' }),
    ]);
  });

  it('keeps a given reason and accepts a slug', async () => {
    const home = await createHome();
    expect((await block(staffApp, home.slug, { dates: [`${year}-11-05`], reason: 'Owner visit' })).status).toBe(200);
    expect(await staysOf(home.id)).toMatchObject([{ checkIn: `${year}-11-05`, reason: 'Owner visit' }]);
  });

  it('answers 409 naming what the nights collide with, and blocks nothing, when any date is already taken', async () => {
    const home = await createHome();
    await insertStay(t.db, home.id, { checkIn: `${year}-10-10`, checkOut: `${year}-10-12`, kind: 'owner_block' });
    await insertStay(t.db, home.id, {
      checkIn: `${year}-10-20`,
      checkOut: `${year}-10-21`,
      kind: 'hold',
      expiresAt: new Date(Date.now() + 15 * 60 * 1000),
    });
    const before = await staysOf(home.id);
    expect(
      await block(staffApp, home.id, { dates: [`${year}-10-05`, `${year}-10-06`, `${year}-10-11`] }),
    ).toMatchObject({
      status: 409,
      body: { message: `These nights collide with another block (${year}-10-10 to ${year}-10-12).` },
    });
    expect(await block(staffApp, home.id, { dates: [`${year}-10-01`, `${year}-10-20`] })).toMatchObject({
      status: 409,
      body: {
        message: `These nights collide with a payment hold (${year}-10-20 to ${year}-10-21): a guest is paying for them.`,
      },
    });
    expect(await staysOf(home.id)).toEqual(before);
  });

  it('blocks over a hold that has expired, releasing it', async () => {
    const home = await createHome();
    await insertStay(t.db, home.id, {
      checkIn: `${year}-10-14`,
      checkOut: `${year}-10-16`,
      kind: 'hold',
      expiresAt: new Date(Date.now() - 60 * 1000),
    });
    expect((await block(staffApp, home.id, { dates: [`${year}-10-15`] })).status).toBe(200);
    expect(await staysOf(home.id)).toMatchObject([
      { checkIn: `${year}-10-14`, kind: 'hold', status: 'released' },
      { checkIn: `${year}-10-15`, checkOut: `${year}-10-16`, kind: 'staff_block', status: 'active' },
    ]);
  });

  it('answers 422 for past dates, 404 for an unknown home and 400 for a bad body', async () => {
    const home = await createHome();
    const yesterday = addDays(todayIn('America/Detroit'), -1);
    expect(await block(staffApp, home.id, { dates: [yesterday] })).toMatchObject({
      status: 422,
      body: { message: 'Nights in the past cannot be blocked.' },
    });
    expect(await block(staffApp, '7c9e6679-7425-40de-944b-e07fc1f90ae7', { dates: [`${year}-10-01`] })).toMatchObject({
      status: 404,
      body: { message: 'Property not found' },
    });
    for (const body of [{}, { dates: [] }, { dates: ['tomorrow'] }, { dates: [`${year}-10-01`], minStay: 0 }]) {
      expect((await block(staffApp, home.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    const noProperty = await staffApp.inject({
      method: 'PUT',
      url: '/api/calendar/block-dates',
      headers: { authorization: `Bearer ${staffKey}` },
      payload: { dates: [`${year}-10-01`] },
    });
    expect(noProperty.statusCode).toBe(400);
    expect(noProperty.json()).toEqual({ message: 'propertyId is required' });
    expect(await staysOf(home.id)).toEqual([]);
  });
});

describe('PUT /api/calendar/block-dates: who may block, by the console’s rule', () => {
  let home: PropertyRow;
  let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;

  beforeAll(async () => {
    home = await createHome();
    const otherHome = await createHome();
    accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
  });

  const bearer = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

  it('refuses anonymous callers, guests, owners of other homes and forged tokens, and blocks nothing', async () => {
    const date = `${year}-12-01`;
    const refusals: [string, Record<string, string>, number, string][] = [
      ['anonymous', {}, 401, 'Blocking dates needs the staff API key: send it as "Authorization: Bearer <key>".'],
      ['a guest', bearer(accounts.guest), 403, 'You do not have permission to do this.'],
      // The console's 404: an owner learns nothing about another owner's home.
      ['the owner of another home', bearer(accounts.otherOwner), 404, 'Property not found'],
    ];
    for (const [who, headers, status, message] of refusals) {
      expect(await block(staffApp, home.id, { dates: [date] }, headers), who).toMatchObject({
        status,
        body: { message },
      });
    }
    // An expired or forged token is a 401, so the browser refreshes and tries again.
    expect((await block(staffApp, home.id, { dates: [date] }, { authorization: 'Bearer aaa.bbb.ccc' })).status).toBe(
      401,
    );
    expect(await staysOf(home.id)).toEqual([]);
  });

  it('lets the home’s owner block it as "Owner stay", and staff, admins and the staff API key with their reason', async () => {
    const callers: [string, Record<string, string>, string, string][] = [
      ['the home’s owner', bearer(accounts.owner), `${year}-12-03`, 'owner_block'],
      ['staff', bearer(accounts.staff), `${year}-12-05`, 'staff_block'],
      ['an admin', bearer(accounts.admin), `${year}-12-07`, 'staff_block'],
      ['the staff API key', { authorization: `Bearer ${staffKey}` }, `${year}-12-09`, 'staff_block'],
    ];
    for (const [who, headers, date] of callers) {
      expect(await block(staffApp, home.id, { dates: [date], reason: 'Deep clean' }, headers), who).toMatchObject({
        status: 200,
        body: { success: true },
      });
    }
    expect(await staysOf(home.id)).toEqual(
      callers.map(([, , date, kind]) => ({
        checkIn: date,
        checkOut: addDays(date, 1),
        kind,
        status: 'active',
        reason: kind === 'owner_block' ? 'Owner stay' : 'Deep clean',
      })),
    );
    // Accounts are the console's: they block whether or not a staff API key is configured.
    expect((await block(t.app, home.id, { dates: [`${year}-12-11`] }, bearer(accounts.staff))).status).toBe(200);
  });
});
