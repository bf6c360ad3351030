import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDateRange, isOverlapError, queryRows, stays, toDateRange } from './index.js';
import { type TestDatabase, createTestDatabase, insertProperty, insertStay } from './testing.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.cleanup();
});

function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(t.db, query);
}

describe('migrations', () => {
  it('create the catalogue, calendar, payment, schedule, deposit, concierge, e-mail, account, promotion and task tables', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.map((r) => r.table_name)).toEqual([
      'audit_log',
      'booking_cancellations',
      'booking_concierge',
      'booking_deposits',
      'booking_notes',
      'booking_payments',
      'bookings',
      'calendar_exports',
      'calendar_feed_events',
      'calendar_feeds',
      'collection_discounts',
      'company_settings',
      'email_outbox',
      'email_unsubscribes',
      'google_ari_changes',
      'google_ari_homes',
      'google_settings',
      'google_twin_runs',
      'guest_messages',
      'ledger_entries',
      'media_files',
      'message_templates',
      'nearby_places',
      'owner_accounts',
      'owner_expenses',
      'owner_inquiries',
      'password_reset_tokens',
      'payment_intents',
      'payment_refunds',
      'promotion_redemptions',
      'promotions',
      'properties',
      'property_collections',
      'property_discounts',
      'property_owners',
      'property_rates',
      'property_tax_lines',
      'refresh_tokens',
      'returning_guest_offer',
      'review_blocklist',
      'reviews',
      'sandbox_charges',
      'seasonal_rates',
      'stays',
      'task_kinds',
      'task_photos',
      'task_problems',
      'tasks',
      'tax_jurisdictions',
      'text_opt_outs',
      'user_identities',
      'user_invites',
      'users',
    ]);
  });

  it('start with no rows', async () => {
    const [count] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM properties`);
    expect(count?.n).toBe(0);
  });

  it('install btree_gist and the exclusion constraint on stays', async () => {
    const ext = await rows<{ extname: string }>(sql`SELECT extname FROM pg_extension WHERE extname = 'btree_gist'`);
    expect(ext).toHaveLength(1);
    const constraints = await rows<{ conname: string; contype: string }>(
      sql`SELECT conname, contype FROM pg_constraint WHERE conrelid = 'stays'::regclass AND contype = 'x'`,
    );
    expect(constraints).toEqual([{ conname: 'stays_no_overlap', contype: 'x' }]);
  });
});

describe('no double booking', () => {
  it('refuses a second active stay that overlaps the first', async () => {
    const home = await insertProperty(t.db);
    await insertStay(t.db, home.id, { checkIn: '2026-01-01', checkOut: '2026-01-05' });
    const clash = insertStay(t.db, home.id, { checkIn: '2026-01-04', checkOut: '2026-01-06', kind: 'hold' });
    await expect(clash).rejects.toSatisfy(isOverlapError);
  });

  it('refuses a stay inside another and one covering another', async () => {
    const home = await insertProperty(t.db);
    await insertStay(t.db, home.id, { checkIn: '2026-02-01', checkOut: '2026-02-10' });
    await expect(insertStay(t.db, home.id, { checkIn: '2026-02-03', checkOut: '2026-02-04' })).rejects.toSatisfy(
      isOverlapError,
    );
    await expect(
      insertStay(t.db, home.id, { checkIn: '2026-01-20', checkOut: '2026-02-20', kind: 'owner_block' }),
    ).rejects.toSatisfy(isOverlapError);
  });

  it('allows back-to-back stays: check-out day is the next check-in', async () => {
    const home = await insertProperty(t.db);
    await insertStay(t.db, home.id, { checkIn: '2026-01-01', checkOut: '2026-01-05' });
    const next = await insertStay(t.db, home.id, { checkIn: '2026-01-05', checkOut: '2026-01-08' });
    expect(fromDateRange(next.nights)).toEqual({ checkIn: '2026-01-05', checkOut: '2026-01-08' });
  });

  it('allows the same dates at two different homes', async () => {
    const a = await insertProperty(t.db);
    const b = await insertProperty(t.db);
    await insertStay(t.db, a.id, { checkIn: '2026-03-01', checkOut: '2026-03-05' });
    await expect(insertStay(t.db, b.id, { checkIn: '2026-03-01', checkOut: '2026-03-05' })).resolves.toMatchObject({
      propertyId: b.id,
    });
  });

  it('allows overlapping a released hold, and releasing frees the dates', async () => {
    const home = await insertProperty(t.db);
    await insertStay(t.db, home.id, {
      checkIn: '2026-04-01',
      checkOut: '2026-04-05',
      kind: 'hold',
      status: 'released',
    });
    const hold = await insertStay(t.db, home.id, { checkIn: '2026-04-02', checkOut: '2026-04-06', kind: 'hold' });
    await expect(insertStay(t.db, home.id, { checkIn: '2026-04-03', checkOut: '2026-04-04' })).rejects.toSatisfy(
      isOverlapError,
    );
    await t.db.update(stays).set({ status: 'released' }).where(eq(stays.id, hold.id));
    await expect(insertStay(t.db, home.id, { checkIn: '2026-04-03', checkOut: '2026-04-04' })).resolves.toBeDefined();
  });

  it('refuses reactivating a released stay whose dates were taken meanwhile', async () => {
    const home = await insertProperty(t.db);
    const old = await insertStay(t.db, home.id, { checkIn: '2026-05-01', checkOut: '2026-05-03', status: 'released' });
    await insertStay(t.db, home.id, { checkIn: '2026-05-02', checkOut: '2026-05-04' });
    await expect(t.db.update(stays).set({ status: 'active' }).where(eq(stays.id, old.id))).rejects.toSatisfy(
      isOverlapError,
    );
  });

  it('lets exactly one of two racing bookings win', async () => {
    const home = await insertProperty(t.db);
    const results = await Promise.allSettled([
      insertStay(t.db, home.id, { checkIn: '2026-06-01', checkOut: '2026-06-08', kind: 'hold' }),
      insertStay(t.db, home.id, { checkIn: '2026-06-05', checkOut: '2026-06-09', kind: 'hold' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected && isOverlapError(rejected.reason)).toBe(true);
  });

  it('refuses empty ranges and unknown kinds', async () => {
    const home = await insertProperty(t.db);
    await expect(insertStay(t.db, home.id, { checkIn: '2026-07-01', checkOut: '2026-07-01' })).rejects.toThrow();
    await expect(
      t.db
        .insert(stays)
        .values({ propertyId: home.id, nights: toDateRange('2026-07-01', '2026-07-02'), kind: 'party' as 'hold' }),
    ).rejects.toThrow();
  });
});

describe('isOverlapError', () => {
  it('ignores other errors', () => {
    expect(isOverlapError(new Error('boom'))).toBe(false);
    expect(isOverlapError({ code: '23505', constraint: 'properties_slug_unique' })).toBe(false);
    expect(isOverlapError(undefined)).toBe(false);
  });
});

describe('date ranges', () => {
  it('round-trip as plain calendar dates', () => {
    expect(toDateRange('2026-01-01', '2026-01-05')).toBe('[2026-01-01,2026-01-05)');
    expect(fromDateRange('[2026-01-01,2026-01-05)')).toEqual({ checkIn: '2026-01-01', checkOut: '2026-01-05' });
    expect(() => toDateRange('1/1/2026', '2026-01-05')).toThrow();
    expect(() => fromDateRange('empty')).toThrow();
  });
});
