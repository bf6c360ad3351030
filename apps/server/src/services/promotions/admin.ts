// Promotions in the console (issue 26): promo codes created, changed, paused
// and deleted by staff, each with its redemptions, the revenue booked with it
// and the discount given; and a home's automatic discounts. Every write is
// audited in its transaction through the caller's `audit` (the console's
// recordAudit): this folder sits below the console and must not import it.
import {
  bookings,
  collectionDiscounts,
  isUniqueViolation,
  promotionRedemptions,
  promotions,
  properties,
  propertyDiscounts,
  returningGuestOffer,
  type Database,
  type Queryable,
  type Transaction,
} from '@sas/db';
import {
  adminDiscountsFromColumns,
  centsToDollars,
  columnsFromAdminDiscounts,
  DomainError,
  propertyDisplayName,
  toCents,
  type AdminDiscounts,
  type AdminPromotion,
  type AdminPromotionCreate,
  type AdminPromotionPatch,
  type AdminRedemption,
  type CollectionName,
  defaultReturningGuestOffer,
  type ReturningGuestOffer,
} from '@sas/domain';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PromotionRow } from './rules.js';
import { liveUse } from './uses.js';

/** Records the audit entry of a write, in its transaction. */
export type AuditWrite = (
  tx: Transaction,
  entry: { action: string; entity: string; entityId: string; before?: unknown; after?: unknown },
) => Promise<void>;

export const promotionNotFoundMessage = 'No promotion has this id.';
export const duplicateCodeMessage = (code: string) =>
  `A promotion with the code ${code} already exists (codes ignore case).`;

interface PromotionStats {
  uses: number;
  bookings: number;
  revenueCents: number;
  discountCents: number;
}

async function statsOf(db: Queryable, ids: readonly string[]): Promise<Map<string, PromotionStats>> {
  const stats = new Map<string, PromotionStats>();
  if (ids.length === 0) return stats;
  const rows = await db
    .select({
      id: promotionRedemptions.promotionId,
      uses: sql<number>`count(*) FILTER (WHERE ${liveUse()})::int`,
      bookings: sql<number>`count(${bookings.id}) FILTER (WHERE ${bookings.status} = 'confirmed')::int`,
      revenue: sql<number>`coalesce(sum(${bookings.totalCents}) FILTER (WHERE ${bookings.status} = 'confirmed'), 0)::int`,
      discount: sql<number>`coalesce(sum(${promotionRedemptions.discountCents}) FILTER (WHERE ${bookings.status} = 'confirmed'), 0)::int`,
    })
    .from(promotionRedemptions)
    .leftJoin(bookings, eq(bookings.id, promotionRedemptions.bookingId))
    .where(inArray(promotionRedemptions.promotionId, [...ids]))
    .groupBy(promotionRedemptions.promotionId);
  for (const row of rows) {
    stats.set(row.id, {
      uses: row.uses,
      bookings: row.bookings,
      revenueCents: row.revenue,
      discountCents: row.discount,
    });
  }
  return stats;
}

function toAdmin(row: PromotionRow, stats: PromotionStats | undefined): AdminPromotion {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.value / 100 : centsToDollars(row.value),
    minNights: row.minNights,
    stayFrom: row.stayFrom,
    stayTo: row.stayTo,
    bookFrom: row.bookFrom,
    bookTo: row.bookTo,
    homes: row.homes,
    collections: row.collections,
    maxUses: row.maxUses,
    maxUsesPerGuest: row.maxUsesPerGuest,
    combinable: row.combinable,
    status: row.status,
    guestEmail: row.guestEmail,
    createdAt: row.createdAt.toISOString(),
    uses: stats?.uses ?? 0,
    bookings: stats?.bookings ?? 0,
    revenue: centsToDollars(stats?.revenueCents ?? 0),
    discountGiven: centsToDollars(stats?.discountCents ?? 0),
  };
}

/** Every promotion not deleted, newest first, with its numbers. Personal codes are left out unless asked for. */
export async function listPromotions(db: Queryable, { personal = false } = {}): Promise<AdminPromotion[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(and(isNull(promotions.deletedAt), personal ? undefined : isNull(promotions.guestEmail)))
    .orderBy(desc(promotions.createdAt));
  const stats = await statsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAdmin(row, stats.get(row.id)));
}

async function loadPromotion(db: Queryable, id: string): Promise<PromotionRow> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), isNull(promotions.deletedAt)));
  if (!row) throw new DomainError('not_found', promotionNotFoundMessage);
  return row;
}

export async function getPromotion(db: Queryable, id: string): Promise<AdminPromotion> {
  const row = await loadPromotion(db, id);
  return toAdmin(row, (await statsOf(db, [id])).get(id));
}

/** Homes named in a code's list must exist. */
async function checkHomes(db: Queryable, homes: readonly string[] | null | undefined): Promise<void> {
  if (!homes || homes.length === 0) return;
  const found = await db
    .select({ id: properties.id })
    .from(properties)
    .where(inArray(properties.id, [...new Set(homes.map((id) => id.toLowerCase()))]));
  if (found.length !== new Set(homes.map((id) => id.toLowerCase())).size) {
    throw new DomainError('invalid', 'homes names a home that does not exist');
  }
}

type Columns = Partial<typeof promotions.$inferInsert>;

function columnsOf(body: AdminPromotionPatch): Columns {
  const columns: Columns = {};
  if (body.code !== undefined) columns.code = body.code.trim();
  if (body.kind !== undefined) columns.kind = body.kind;
  // A percentage is kept in basis points, an amount in cents: both are hundredths.
  if (body.value !== undefined) columns.value = toCents(body.value);
  if (body.minNights !== undefined) columns.minNights = body.minNights;
  if (body.stayFrom !== undefined) columns.stayFrom = body.stayFrom;
  if (body.stayTo !== undefined) columns.stayTo = body.stayTo;
  if (body.bookFrom !== undefined) columns.bookFrom = body.bookFrom;
  if (body.bookTo !== undefined) columns.bookTo = body.bookTo;
  if (body.homes !== undefined) columns.homes = (body.homes ?? []).map((id) => id.toLowerCase());
  if (body.collections !== undefined) columns.collections = body.collections ?? [];
  if (body.maxUses !== undefined) columns.maxUses = body.maxUses;
  if (body.maxUsesPerGuest !== undefined) columns.maxUsesPerGuest = body.maxUsesPerGuest;
  if (body.combinable !== undefined) columns.combinable = body.combinable ?? false;
  if (body.status !== undefined) columns.status = body.status;
  return columns;
}

function checkWhole(row: Pick<PromotionRow, 'kind' | 'value' | 'stayFrom' | 'stayTo' | 'bookFrom' | 'bookTo'>) {
  if (row.kind === 'percent' && row.value > 10_000) throw new DomainError('invalid', 'A percentage is at most 100');
  if (row.stayFrom && row.stayTo && row.stayTo <= row.stayFrom) {
    throw new DomainError('invalid', 'stayTo (latest check-out) must be after stayFrom');
  }
  if (row.bookFrom && row.bookTo && row.bookTo < row.bookFrom) {
    throw new DomainError('invalid', 'bookTo must not be before bookFrom');
  }
}

async function uniqueCode<T>(code: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'promotions_code_unique')) {
      throw new DomainError('conflict', duplicateCodeMessage(code ?? ''));
    }
    throw err;
  }
}

export async function createPromotion(
  db: Database,
  body: AdminPromotionCreate,
  audit: AuditWrite,
  extra: { guestEmail?: string } = {},
): Promise<AdminPromotion> {
  await checkHomes(db, body.homes);
  const values = { ...columnsOf(body), ...(extra.guestEmail ? { guestEmail: extra.guestEmail } : {}) };
  const row = await uniqueCode(body.code, () =>
    db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(promotions)
        .values(values as typeof promotions.$inferInsert)
        .returning();
      if (!inserted) throw new Error('The promotion was not inserted');
      await audit(tx, { action: 'promotion.create', entity: 'promotion', entityId: inserted.id, after: inserted });
      return inserted;
    }),
  );
  return toAdmin(row, undefined);
}

export async function updatePromotion(
  db: Database,
  id: string,
  body: AdminPromotionPatch,
  audit: AuditWrite,
): Promise<AdminPromotion> {
  await checkHomes(db, body.homes);
  await uniqueCode(body.code, () =>
    db.transaction(async (tx) => {
      // The row lock a payment reserving a use takes too: a change waits for it, and it for the change.
      const [before] = await tx
        .select()
        .from(promotions)
        .where(and(eq(promotions.id, id), isNull(promotions.deletedAt)))
        .for('update');
      if (!before) throw new DomainError('not_found', promotionNotFoundMessage);
      const changes = columnsOf(body);
      checkWhole({ ...before, ...changes });
      const [after] = await tx
        .update(promotions)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(promotions.id, id))
        .returning();
      const action =
        body.status !== undefined && body.status !== before.status && Object.keys(changes).length === 1
          ? body.status === 'paused'
            ? 'promotion.pause'
            : 'promotion.resume'
          : 'promotion.update';
      await audit(tx, { action, entity: 'promotion', entityId: id, before, after });
    }),
  );
  return getPromotion(db, id);
}

/** Deletes a code: it stops working at once; its redemptions and the bookings made with it stay. */
export async function deletePromotion(db: Database, id: string, audit: AuditWrite): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, id), isNull(promotions.deletedAt)))
      .for('update');
    if (!before) throw new DomainError('not_found', promotionNotFoundMessage);
    await tx
      .update(promotions)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(promotions.id, id));
    await audit(tx, { action: 'promotion.delete', entity: 'promotion', entityId: id, before });
  });
}

/** A code's uses, newest first: booked ones with their booking, and those a payment under way holds. */
export async function listRedemptions(db: Queryable, id: string): Promise<AdminRedemption[]> {
  await loadPromotion(db, id);
  const rows = await db
    .select({
      id: promotionRedemptions.id,
      status: promotionRedemptions.status,
      createdAt: promotionRedemptions.createdAt,
      email: promotionRedemptions.email,
      discountCents: promotionRedemptions.discountCents,
      bookingId: bookings.id,
      code: bookings.code,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      totalCents: bookings.totalCents,
      bookingStatus: bookings.status,
      bookingEmail: bookings.email,
      name: properties.name,
      publicName: properties.publicName,
    })
    .from(promotionRedemptions)
    .leftJoin(bookings, eq(bookings.id, promotionRedemptions.bookingId))
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(and(eq(promotionRedemptions.promotionId, id), liveUse()))
    .orderBy(desc(promotionRedemptions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    email: row.bookingEmail ?? row.email,
    discount: centsToDollars(row.discountCents),
    booking:
      row.bookingId && row.code && row.checkIn && row.checkOut && row.totalCents !== null && row.bookingStatus
        ? {
            id: row.bookingId,
            code: row.code,
            propertyName: propertyDisplayName({ public_name: row.publicName, name: row.name ?? '' }),
            checkIn: row.checkIn,
            checkOut: row.checkOut,
            total: centsToDollars(row.totalCents),
            status: row.bookingStatus,
          }
        : null,
  }));
}

// A home's automatic discounts ------------------------------------------------------

export async function getHomeDiscounts(db: Queryable, homeId: string): Promise<AdminDiscounts> {
  const [row] = await db.select().from(propertyDiscounts).where(eq(propertyDiscounts.propertyId, homeId));
  return adminDiscountsFromColumns(row ?? null);
}

/** Replaces a home's automatic discounts whole; new quotes only, bookings keep their price. */
export async function replaceHomeDiscounts(
  db: Database,
  homeId: string,
  body: AdminDiscounts,
  audit: AuditWrite,
): Promise<AdminDiscounts> {
  const columns = columnsFromAdminDiscounts(body);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(propertyDiscounts).where(eq(propertyDiscounts.propertyId, homeId));
    await tx
      .insert(propertyDiscounts)
      .values({ propertyId: homeId, ...columns })
      .onConflictDoUpdate({ target: propertyDiscounts.propertyId, set: { ...columns, updatedAt: sql`now()` } });
    await audit(tx, {
      action: 'discounts.replace',
      entity: 'property',
      entityId: homeId,
      before: adminDiscountsFromColumns(before ?? null),
      after: body,
    });
  });
  return getHomeDiscounts(db, homeId);
}

// A collection's automatic discounts --------------------------------------------------

export async function getCollectionDiscounts(db: Queryable, collection: CollectionName): Promise<AdminDiscounts> {
  const [row] = await db.select().from(collectionDiscounts).where(eq(collectionDiscounts.collection, collection));
  return adminDiscountsFromColumns(row ?? null);
}

/** Replaces a collection's automatic discounts whole: its homes without their own take them for new quotes. */
export async function replaceCollectionDiscounts(
  db: Database,
  collection: CollectionName,
  body: AdminDiscounts,
  audit: AuditWrite,
): Promise<AdminDiscounts> {
  const columns = columnsFromAdminDiscounts(body);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(collectionDiscounts).where(eq(collectionDiscounts.collection, collection));
    await tx
      .insert(collectionDiscounts)
      .values({ collection, ...columns })
      .onConflictDoUpdate({ target: collectionDiscounts.collection, set: { ...columns, updatedAt: sql`now()` } });
    await audit(tx, {
      action: 'discounts.replace',
      entity: 'collection',
      entityId: collection,
      before: adminDiscountsFromColumns(before ?? null),
      after: body,
    });
  });
  return getCollectionDiscounts(db, collection);
}

/** The returning-guest offer as staff set it, or the default (off) when never set. */
export async function getReturningGuestOffer(db: Queryable): Promise<ReturningGuestOffer> {
  const [row] = await db.select().from(returningGuestOffer);
  if (!row) return defaultReturningGuestOffer;
  // Percent in basis points: a hundredth of a percent, as cents are of a dollar.
  return { enabled: row.enabled, percent: centsToDollars(row.percentBps), validDays: row.validDays };
}

/** Replaces the returning-guest offer whole, audited in the same transaction. */
export async function replaceReturningGuestOffer(
  db: Database,
  body: ReturningGuestOffer,
  audit: AuditWrite,
): Promise<ReturningGuestOffer> {
  const columns = { enabled: body.enabled, percentBps: toCents(body.percent), validDays: body.validDays };
  await db.transaction(async (tx) => {
    const before = await getReturningGuestOffer(tx);
    await tx
      .insert(returningGuestOffer)
      .values({ id: true, ...columns })
      .onConflictDoUpdate({ target: returningGuestOffer.id, set: { ...columns, updatedAt: sql`now()` } });
    await audit(tx, {
      action: 'returning-offer.replace',
      entity: 'promotion',
      entityId: 'returning-guests',
      before,
      after: body,
    });
  });
  return getReturningGuestOffer(db);
}
