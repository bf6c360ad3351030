import { auditLog, nearbyPlaces, properties } from '@sas/db';
import {
  adminPropertyDetailsSchema,
  adminPropertyListSchema,
  adminPropertySchema,
  propertyCardListSchema,
  propertyDetailsSchema,
  todayIn,
  type AdminProperty,
} from '@sas/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { watchClientConcurrency } from '@sas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { doorCodeInAudit } from '../../../services/console/homes.js';
import { loadFeedHomes } from '../../../services/google/feed.js';
import { feedToken } from '../../../services/google/settings.js';
import { resolvePageMeta } from '../../../services/page-meta.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
/** SAS-1001, the owner's home (in the essentials collection). */
let home: { id: string; propertyId: string; slug: string };
/** SAS-1002, the other owner's home. */
let other: { id: string; propertyId: string; slug: string };

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  t = await buildTestApp();
  const find = (code: string) => {
    const found = t.catalog.properties.find((p) => p.propertyId === code);
    if (!found) throw new Error(`${code} is not in the seed`);
    return { id: found.id, propertyId: found.propertyId, slug: found.slug };
  };
  home = find('SAS-1001');
  other = find('SAS-1002');
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [other.id]);
});

afterAll(async () => {
  await t?.close();
});

const patch = (account: TestAccount | null, ref: string, payload: object) =>
  injectAs(t.app, account, { method: 'PATCH', url: `/api/admin/properties/${ref}`, payload });

describe('GET /api/admin/properties', () => {
  it('refuses anonymous callers and guests', async () => {
    expect((await injectAs(t.app, null, { url: '/api/admin/properties' })).statusCode).toBe(401);
    expect((await injectAs(t.app, accounts.guest, { url: '/api/admin/properties' })).statusCode).toBe(403);
  });

  it('gives an owner only their homes', async () => {
    const own = adminPropertyListSchema.parse(
      (await injectAs(t.app, accounts.owner, { url: '/api/admin/properties' })).json(),
    );
    expect(own.map((p) => p.id)).toEqual([home.id]);
    const theirs = adminPropertyListSchema.parse(
      (await injectAs(t.app, accounts.otherOwner, { url: '/api/admin/properties' })).json(),
    );
    expect(theirs.map((p) => p.id)).toEqual([other.id]);
  });

  it('gives staff and admins every home with the console fields', async () => {
    for (const account of [accounts.staff, accounts.admin]) {
      const response = await injectAs(t.app, account, { url: '/api/admin/properties' });
      expect(response.statusCode).toBe(200);
      const list = adminPropertyListSchema.parse(response.json());
      expect(list).toHaveLength(t.catalog.properties.length);
      const first = list.find((p) => p.id === home.id);
      expect(first).toMatchObject({ propertyId: 'SAS-1001', published: true });
      const [photo] = first?.photos ?? [];
      expect(photo?.id).toBe(`${home.id}.${photo?.key}`);
      expect(photo?.url).toMatch(/^\/media\/.+-1600\.webp$/);
    }
  });
});

describe('GET /api/admin/properties/{id}', () => {
  it('accepts the UUID, the listing number and the slug', async () => {
    for (const ref of [home.id, home.propertyId, home.slug]) {
      const response = await injectAs(t.app, accounts.staff, { url: `/api/admin/properties/${ref}` });
      expect(response.statusCode).toBe(200);
      expect(adminPropertySchema.parse(response.json()).id).toBe(home.id);
    }
  });

  it("answers 404 to an owner asking for another owner's home, as for an unknown one", async () => {
    expect((await injectAs(t.app, accounts.owner, { url: `/api/admin/properties/${other.slug}` })).statusCode).toBe(
      404,
    );
    expect((await injectAs(t.app, accounts.owner, { url: `/api/admin/properties/${home.slug}` })).statusCode).toBe(200);
    expect((await injectAs(t.app, accounts.staff, { url: '/api/admin/properties/no-such-home' })).statusCode).toBe(404);
    expect((await injectAs(t.app, null, { url: `/api/admin/properties/${home.slug}` })).statusCode).toBe(401);
    expect((await injectAs(t.app, accounts.guest, { url: `/api/admin/properties/${home.slug}` })).statusCode).toBe(403);
  });
});

describe('PATCH /api/admin/properties/{id}', () => {
  it('refuses anonymous callers, guests and owners, even on their own home', async () => {
    expect((await patch(null, home.slug, { summary: 'x' })).statusCode).toBe(401);
    expect((await patch(accounts.guest, home.slug, { summary: 'x' })).statusCode).toBe(403);
    expect((await patch(accounts.owner, home.slug, { summary: 'x' })).statusCode).toBe(403);
    expect((await patch(accounts.otherOwner, home.slug, { summary: 'x' })).statusCode).toBe(403);
  });

  it('changes what staff send, answers the home, shows it publicly at once and audits it', async () => {
    const before = propertyDetailsSchema.parse(
      (await t.app.inject({ url: `/api/properties/search/${home.slug}` })).json(),
    );
    // The change reads the home before and after itself inside its transaction,
    // on one connection: one query at a time (pg@9 refuses a second meanwhile).
    const connections = watchClientConcurrency();
    const response = await patch(accounts.staff, home.propertyId, {
      summary: 'A new summary from the console',
      maxGuests: 9,
      coordinates: { lat: 39.5, lng: -106.05 },
      matterportUrl: 'https://my.matterport.com/show/?m=abc123',
    }).finally(() => connections.stop());
    expect(response.statusCode).toBe(200);
    expect(connections.most()).toBeLessThanOrEqual(1);
    const updated = adminPropertySchema.parse(response.json());
    expect(updated).toMatchObject({
      summary: 'A new summary from the console',
      maxGuests: 9,
      coordinates: { lat: 39.5, lng: -106.05 },
      matterportUrl: 'https://my.matterport.com/show/?m=abc123',
      name: before.name,
    });

    const details = propertyDetailsSchema.parse(
      (await t.app.inject({ url: `/api/properties/search/${home.slug}` })).json(),
    );
    expect(details.summary).toBe('A new summary from the console');
    expect(details.maxGuests).toBe(9);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, home.id), eq(auditLog.action, 'property.update')))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(entry).toMatchObject({ actorId: accounts.staff.id, entity: 'property' });
    expect(entry?.before).toMatchObject({ summary: before.summary, maxGuests: before.maxGuests });
    expect(entry?.after).toMatchObject({ summary: 'A new summary from the console', maxGuests: 9 });
  });

  it('refuses bad input with a 400 that names the problem, changing nothing', async () => {
    const cases: [object, RegExp][] = [
      [{}, /at least one field/],
      [{ slug: 'new-slug' }, /slug/],
      [{ matterportUrl: 'https://evil.example/tour' }, /allowed host/],
      [{ timeZone: 'Mars/Olympus' }, /time zone/],
      [{ bedrooms: -1 }, /bedrooms/i],
      [{ collections: ['nowhere'] }, /collections/],
      [
        {
          nearbyPlaces: [{ id: '00000000-0000-4000-8000-000000000000', name: 'X', description: '', distance: '1 mi' }],
        },
        /not one of this home/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await patch(accounts.admin, home.slug, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect((await patch(accounts.staff, 'no-such-home', { summary: 'x' })).statusCode).toBe(404);
  });

  it('replaces collections and nearby places as sent', async () => {
    const current = adminPropertySchema.parse(
      (await injectAs(t.app, accounts.staff, { url: `/api/admin/properties/${home.slug}` })).json(),
    );
    const [kept] = current.nearbyPlaces;
    if (!kept) throw new Error('the seed gives SAS-1001 nearby places');
    const response = await patch(accounts.staff, home.slug, {
      collections: ['essentials', 'luxury'],
      nearbyPlaces: [
        { name: 'New bakery', description: 'Fresh bread', distance: '0.2 mi' },
        {
          id: kept.id,
          name: `${kept.name} (renamed)`,
          description: kept.description,
          distance: kept.distance,
          photoKey: kept.photoKey,
        },
      ],
      amenities: [{ item: 'Sauna', category: 'Wellness' }],
    });
    expect(response.statusCode).toBe(200);
    const updated: AdminProperty = adminPropertySchema.parse(response.json());
    expect(updated.collections.sort()).toEqual(['essentials', 'luxury']);
    expect(updated.nearbyPlaces.map((p) => p.name)).toEqual(['New bakery', `${kept.name} (renamed)`]);
    expect(updated.nearbyPlaces[1]?.id).toBe(kept.id);
    expect(updated.amenities).toEqual([{ item: 'Sauna', category: 'Wellness' }]);
    expect(await t.db.select().from(nearbyPlaces).where(eq(nearbyPlaces.propertyId, home.id))).toHaveLength(2);

    const luxury = propertyCardListSchema.parse(
      (await t.app.inject({ url: '/api/properties/collection/luxury' })).json(),
    );
    expect(luxury.at(-1)?.id).toBe(home.id);
  });
});

describe("a home's security deposit and age rule (issue 17)", () => {
  const stored = async () => {
    const [row] = await t.db
      .select({ depositCents: properties.depositCents, ageRestricted: properties.ageRestricted })
      .from(properties)
      .where(eq(properties.id, home.id));
    return row;
  };
  const read = async (account: TestAccount | null, ref = home.slug) =>
    injectAs(t.app, account, { url: `/api/admin/properties/${ref}` });

  // Put back as seeded, for the tests after these.
  let seeded: Awaited<ReturnType<typeof stored>>;
  beforeAll(async () => {
    seeded = await stored();
  });
  afterAll(async () => {
    if (seeded) await t.db.update(properties).set(seeded).where(eq(properties.id, home.id));
  });

  it("is read by the home's owner, staff and admins, in dollars; no one else", async () => {
    await t.db.update(properties).set({ depositCents: 45_050, ageRestricted: true }).where(eq(properties.id, home.id));
    for (const account of [accounts.owner, accounts.staff, accounts.admin]) {
      const response = await read(account);
      expect(response.statusCode).toBe(200);
      expect(adminPropertySchema.parse(response.json())).toMatchObject({ depositAmount: 450.5, ageRestricted: true });
    }
    expect((await read(null)).statusCode).toBe(401);
    expect((await read(accounts.guest)).statusCode).toBe(403);
    expect((await read(accounts.otherOwner)).statusCode).toBe(404);
    const list = adminPropertyListSchema.parse(
      (await injectAs(t.app, accounts.staff, { url: '/api/admin/properties' })).json(),
    );
    // Every home carries its own, as stored (the seed's demo homes hold deposits too).
    const [otherRow] = await t.db
      .select({ depositCents: properties.depositCents, ageRestricted: properties.ageRestricted })
      .from(properties)
      .where(eq(properties.id, other.id));
    expect(list.find((p) => p.id === other.id)).toMatchObject({
      depositAmount: (otherRow?.depositCents ?? -1) / 100,
      ageRestricted: otherRow?.ageRestricted,
    });
  });

  it('is changed by staff and admins only, audited, and the public details show it at once', async () => {
    await t.db.update(properties).set({ depositCents: 0, ageRestricted: false }).where(eq(properties.id, home.id));
    // Warm the public cache, so a stale copy would show.
    expect((await t.app.inject({ url: `/api/properties/search/${home.slug}` })).statusCode).toBe(200);
    for (const [account, status] of [
      [null, 401],
      [accounts.guest, 403],
      [accounts.owner, 403],
      [accounts.otherOwner, 403],
    ] as const) {
      const response = await patch(account, home.slug, { depositAmount: 500, ageRestricted: true });
      expect(response.statusCode, account?.role ?? 'anonymous').toBe(status);
    }
    expect(await stored()).toEqual({ depositCents: 0, ageRestricted: false });

    const response = await patch(accounts.staff, home.propertyId, { depositAmount: 350.25, ageRestricted: true });
    expect(response.statusCode).toBe(200);
    expect(adminPropertySchema.parse(response.json())).toMatchObject({ depositAmount: 350.25, ageRestricted: true });
    expect(await stored()).toEqual({ depositCents: 35_025, ageRestricted: true });
    const details = (await t.app.inject({ url: `/api/properties/search/${home.slug}` })).json<
      Record<string, unknown>
    >();
    expect(details).toMatchObject({ depositAmount: 350.25, ageRestricted: true });

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, home.id), eq(auditLog.action, 'property.update')))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(entry).toMatchObject({ actorId: accounts.staff.id, entity: 'property' });
    expect(entry?.before).toEqual({ depositAmount: 0, ageRestricted: false });
    expect(entry?.after).toEqual({ depositAmount: 350.25, ageRestricted: true });

    // The bounds: $1,000 at most, and 0 for none.
    expect((await patch(accounts.admin, home.slug, { depositAmount: 1000 })).statusCode).toBe(200);
    expect((await stored())?.depositCents).toBe(100_000);
    const none = await patch(accounts.admin, home.slug, { depositAmount: 0, ageRestricted: false });
    expect(adminPropertySchema.parse(none.json())).toMatchObject({ depositAmount: 0, ageRestricted: false });
    expect(await stored()).toEqual({ depositCents: 0, ageRestricted: false });
  });

  it('refuses a deposit out of range, in fractions of a cent or not a number, with a 400 naming it, changing nothing', async () => {
    await t.db.update(properties).set({ depositCents: 20_000, ageRestricted: true }).where(eq(properties.id, home.id));
    const audits = async () => (await t.db.select().from(auditLog).where(eq(auditLog.entityId, home.id))).length;
    const auditsBefore = await audits();
    const cases: [object, RegExp][] = [
      [{ depositAmount: 1000.01 }, /depositAmount must be a number between 0 and 1000/],
      [{ depositAmount: 5000 }, /depositAmount must be a number between 0 and 1000/],
      [{ depositAmount: -1 }, /depositAmount must be a number between 0 and 1000/],
      [{ depositAmount: 12.345 }, /depositAmount has at most two decimals/],
      [{ depositAmount: '250' }, /depositAmount/],
      [{ depositAmount: null }, /depositAmount/],
      [{ depositCents: 25_000 }, /depositCents/],
      [{ ageRestricted: 'yes' }, /ageRestricted/],
      [{ ageRestricted: null }, /ageRestricted/],
      // One bad field refuses the whole change.
      [{ depositAmount: 300, ageRestricted: 1 }, /ageRestricted/],
    ];
    for (const [body, message] of cases) {
      const response = await patch(accounts.staff, home.slug, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message, JSON.stringify(body)).toMatch(message);
    }
    expect(await stored()).toEqual({ depositCents: 20_000, ageRestricted: true });
    expect(await audits()).toBe(auditsBefore);
  });
});

describe("a home's door code (issue 28)", () => {
  const code = 'Lockbox 7Q4-2291';

  /** Everything the public (and Google) may read of the home, as one text. */
  async function publicText(): Promise<string> {
    const year = Number(todayIn('America/Denver').slice(0, 4)) + 1;
    const stay = { checkin_date: `${year}-09-14`, checkout_date: `${year}-09-17`, guests: { adults: 2 } };
    const responses = await Promise.all(
      [
        `/api/properties/search/${home.slug}`,
        `/api/properties/${home.slug}/calendar`,
        `/api/properties/${home.slug}/nearby-places`,
        '/api/properties/collection/essentials',
        `/api/search/availability?checkIn=${stay.checkin_date}&checkOut=${stay.checkout_date}&adults=2`,
        '/sitemap.xml',
        `/feeds/google/listings.xml?token=${encodeURIComponent(await feedToken(t.db))}`,
      ].map((url) => t.app.inject({ url })),
    );
    const quote = await t.app.inject({ method: 'POST', url: `/api/properties/${home.slug}/quote`, payload: stay });
    // The page's head: title, description, canonical and the JSON-LD (the test app renders no body).
    const page = await resolvePageMeta(t.app, `/property/${home.slug}`, 'https://example.test');
    const feedHomes = await loadFeedHomes(t.db, { publicUrl: 'https://example.test' });
    return [...responses, quote].map((r) => r.body).join('\n') + JSON.stringify(page) + JSON.stringify(feedHomes);
  }

  it('is set and read by staff and admins only, masked in the audit log, and never public', async () => {
    const set = await patch(accounts.staff, home.slug, { doorCode: `  ${code}  ` });
    expect(set.statusCode, set.body).toBe(200);
    expect(adminPropertySchema.parse(set.json()).doorCode).toBe(code);
    for (const account of [accounts.staff, accounts.admin]) {
      const one = await injectAs(t.app, account, { url: `/api/admin/properties/${home.slug}` });
      expect(adminPropertySchema.parse(one.json()).doorCode).toBe(code);
      const list = adminPropertyListSchema.parse(
        (await injectAs(t.app, account, { url: '/api/admin/properties' })).json(),
      );
      expect(list.find((p) => p.id === home.id)?.doorCode).toBe(code);
    }
    // The home's owner reads the home, not its door code.
    const own = await injectAs(t.app, accounts.owner, { url: `/api/admin/properties/${home.slug}` });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain(code);
    expect(adminPropertySchema.parse(own.json())).not.toHaveProperty('doorCode');
    expect((await injectAs(t.app, accounts.owner, { url: '/api/admin/properties' })).body).not.toContain(code);
    expect((await patch(accounts.owner, home.slug, { doorCode: '1111' })).statusCode).toBe(403);
    expect((await patch(null, home.slug, { doorCode: '1111' })).statusCode).toBe(401);
    expect((await patch(accounts.guest, home.slug, { doorCode: '1111' })).statusCode).toBe(403);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, home.id), eq(auditLog.action, 'property.update')))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(entry?.after).toEqual({ doorCode: doorCodeInAudit });
    expect(JSON.stringify(entry)).not.toContain(code);

    // Twice: the second answers come from the caches, filled while the code was set.
    expect(await publicText()).not.toContain(code);
    expect(await publicText()).not.toContain(code);
  });

  it('refuses a code over 40 characters or on two lines, and clears with blank', async () => {
    for (const doorCode of ['x'.repeat(41), '12\n34']) {
      const response = await patch(accounts.staff, home.slug, { doorCode });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/doorCode/);
    }
    const cleared = await patch(accounts.admin, home.slug, { doorCode: '' });
    expect(adminPropertySchema.parse(cleared.json()).doorCode).toBeNull();
  });
});

describe('publishing', () => {
  const year = Number(todayIn('America/Denver').slice(0, 4)) + 1;
  const stay = { checkin_date: `${year}-10-12`, checkout_date: `${year}-10-16`, guests: { adults: 2 } };

  async function publicView(app: FastifyInstance) {
    const [details, quote, calendar, nearby, listing, search, sitemap, page] = await Promise.all([
      app.inject({ url: `/api/properties/search/${home.slug}` }),
      app.inject({ method: 'POST', url: `/api/properties/${home.slug}/quote`, payload: stay }),
      app.inject({ url: `/api/properties/${home.slug}/calendar` }),
      app.inject({ url: `/api/properties/${home.slug}/nearby-places` }),
      app.inject({ url: '/api/properties/collection/essentials' }),
      app.inject({
        url: `/api/search/availability?checkIn=${stay.checkin_date}&checkOut=${stay.checkout_date}&adults=2`,
      }),
      app.inject({ url: '/sitemap.xml' }),
      // The page route's status (the test app has no web build to render it with).
      resolvePageMeta(app, `/property/${home.slug}`, 'https://example.test'),
    ]);
    return {
      statuses: [
        ...[details, quote, calendar, nearby].map((r) => r.statusCode),
        page && 'statusCode' in page ? page.statusCode : 0,
      ],
      listed: propertyCardListSchema.parse(listing.json()).some((card) => card.id === home.id),
      searched: search.json<{ id: string }[]>().some((found) => found.id === home.id),
      inSitemap: sitemap.body.includes(`/property/${home.slug}`),
    };
  }

  it('an unpublished home leaves listings, search and sitemap, its public URLs answer 404, staff still see it', async () => {
    expect(await publicView(t.app)).toEqual({
      statuses: [200, 200, 200, 200, 200],
      listed: true,
      searched: true,
      inSitemap: true,
    });

    const response = await patch(accounts.staff, home.slug, { published: false });
    expect(adminPropertySchema.parse(response.json()).published).toBe(false);
    expect(await publicView(t.app)).toEqual({
      statuses: [404, 404, 404, 404, 404],
      listed: false,
      searched: false,
      inSitemap: false,
    });

    const seen = await injectAs(t.app, accounts.staff, { url: `/api/admin/properties/${home.slug}` });
    expect(adminPropertySchema.parse(seen.json()).published).toBe(false);
    const page = await injectAs(t.app, accounts.staff, { url: `/api/admin/properties/${home.slug}/details` });
    expect(adminPropertyDetailsSchema.parse(page.json())).toMatchObject({ id: home.id, published: false });
    const ownersPage = await injectAs(t.app, accounts.owner, { url: `/api/admin/properties/${home.slug}/details` });
    expect(ownersPage.statusCode).toBe(200);
    for (const [account, status] of [
      [null, 401],
      [accounts.guest, 403],
      [accounts.otherOwner, 404],
      [accounts.admin, 200],
    ] as const) {
      const response = await injectAs(t.app, account, { url: `/api/admin/properties/${home.slug}/details` });
      expect(response.statusCode).toBe(status);
    }
    const owned = adminPropertyListSchema.parse(
      (await injectAs(t.app, accounts.owner, { url: '/api/admin/properties' })).json(),
    );
    expect(owned.map((p) => [p.id, p.published])).toEqual([[home.id, false]]);

    await patch(accounts.admin, home.slug, { published: true });
    expect(await publicView(t.app)).toEqual({
      statuses: [200, 200, 200, 200, 200],
      listed: true,
      searched: true,
      inSitemap: true,
    });
  });

  describe.runIf(onPostgres)('on PostgreSQL, with a second server process', () => {
    it('the other process answers a change and an unpublishing at once', async () => {
      const { app: second } = await t.buildSeparateApp();
      // Warm the second process's caches first, so a stale copy would show.
      expect((await second.inject({ url: `/api/properties/search/${home.slug}` })).statusCode).toBe(200);
      await patch(accounts.staff, home.slug, { name: 'Renamed in the console' });
      await second.cacheBus.sync();
      const details = propertyDetailsSchema.parse(
        (await second.inject({ url: `/api/properties/search/${home.slug}` })).json(),
      );
      expect(details.name).toBe('Renamed in the console');

      await patch(accounts.staff, home.slug, { published: false });
      await second.cacheBus.sync();
      expect((await publicView(second)).statuses).toEqual([404, 404, 404, 404, 404]);
      await patch(accounts.staff, home.slug, { published: true });
      await second.cacheBus.sync();
      expect((await publicView(second)).statuses).toEqual([200, 200, 200, 200, 200]);
    });
  });
});
