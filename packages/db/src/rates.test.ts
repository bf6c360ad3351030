// The rate tables' own guarantees: seasons of one home never overlap, amounts
// and minimum stays are sane, dates come back as plain strings.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRates, seasonalRates, taxJurisdictions } from './schema.js';
import { type TestDatabase, createTestDatabase, insertProperty, insertRates } from './testing.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.cleanup();
});

function season(
  propertyId: string,
  startDate: string,
  endDate: string,
  overrides: Partial<typeof seasonalRates.$inferInsert> = {},
) {
  return t.db.insert(seasonalRates).values({
    propertyId,
    name: 'Ski season',
    startDate,
    endDate,
    nightlyCents: 30_000,
    weekendCents: 35_000,
    minStay: 3,
    ...overrides,
  });
}

describe('seasonal rates', () => {
  it('read their dates back as YYYY-MM-DD strings', async () => {
    const home = await insertProperty(t.db);
    await season(home.id, '2027-12-01', '2027-12-20');
    const [row] = await t.db.select().from(seasonalRates).where(eq(seasonalRates.propertyId, home.id));
    expect(row).toMatchObject({ startDate: '2027-12-01', endDate: '2027-12-20', minStay: 3 });
  });

  it('refuse two seasons of one home sharing a night, but allow back-to-back seasons', async () => {
    const home = await insertProperty(t.db);
    await season(home.id, '2027-12-01', '2027-12-20');
    await expect(season(home.id, '2027-12-19', '2028-01-03')).rejects.toThrow();
    await expect(season(home.id, '2027-11-01', '2028-02-01')).rejects.toThrow();
    await season(home.id, '2027-12-20', '2028-01-03', { name: 'Christmas & New Year', minStay: 4 });
    const other = await insertProperty(t.db);
    await season(other.id, '2027-12-01', '2027-12-20');
  });

  it('refuse empty or backwards seasons, negative prices and a minimum stay below one night', async () => {
    const home = await insertProperty(t.db);
    await expect(season(home.id, '2028-03-01', '2028-03-01')).rejects.toThrow();
    await expect(season(home.id, '2028-03-05', '2028-03-01')).rejects.toThrow();
    await expect(season(home.id, '2028-04-01', '2028-04-05', { nightlyCents: -1 })).rejects.toThrow();
    await expect(season(home.id, '2028-04-01', '2028-04-05', { minStay: 0 })).rejects.toThrow();
  });
});

describe('property rates', () => {
  it('default the minimum stay to one night and go when the home goes', async () => {
    const home = await insertProperty(t.db);
    await t.db.insert(taxJurisdictions).values({ id: 'rates-test', name: 'Rates test tax', rateBps: 900 });
    await t.db.insert(propertyRates).values({
      propertyId: home.id,
      nightlyCents: 10_000,
      weekendCents: 12_000,
      cleaningFeeCents: 5_000,
      taxJurisdictionId: 'rates-test',
    });
    const [row] = await t.db.select().from(propertyRates).where(eq(propertyRates.propertyId, home.id));
    expect(row?.minStay).toBe(1);
    await expect(
      t.db.insert(taxJurisdictions).values({ id: 'too-much', name: 'Too much', rateBps: 10_001 }),
    ).rejects.toThrow();
  });

  it('are created with their seasons by the test factory', async () => {
    const home = await insertProperty(t.db);
    await insertRates(t.db, home.id, {
      taxRateBps: 1227,
      seasons: [{ start: '2027-06-01', end: '2027-09-01', minStay: 2 }],
    });
    const seasons = await t.db.select().from(seasonalRates).where(eq(seasonalRates.propertyId, home.id));
    expect(seasons.map((s) => [s.startDate, s.endDate, s.minStay])).toEqual([['2027-06-01', '2027-09-01', 2]]);
  });
});
