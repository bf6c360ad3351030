// A promo code as pricing sees it (issue 26, ADR 042): the promotions row
// found without regard to case, turned into @sas/domain's PromoRule, or the
// reason it cannot be used whatever the stay (unknown, paused, used up, used
// by this guest, someone else's personal code). The stay's own rules (dates,
// nights, homes) are judged by priceStay.
import { promotions, propertyCollections, type Queryable } from '@sas/db';
import { normalizePromoCode, promoMessages, type PromoInput, type PromoRule } from '@sas/domain';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { liveUses } from './uses.js';

export type PromotionRow = typeof promotions.$inferSelect;

export function ruleOf(row: PromotionRow): PromoRule {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minNights: row.minNights,
    stayFrom: row.stayFrom,
    stayTo: row.stayTo,
    bookFrom: row.bookFrom,
    bookTo: row.bookTo,
    homes: row.homes,
    collections: row.collections,
    combinable: row.combinable,
  };
}

/** The code's row (not deleted), whatever the case it is typed in. */
export async function findPromotion(db: Queryable, code: string): Promise<PromotionRow | null> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(sql`lower(${promotions.code})`, normalizePromoCode(code)), isNull(promotions.deletedAt)));
  return row ?? null;
}

/**
 * Why a found code cannot be used by this guest now, whatever the stay; null
 * when it can. `email` is the guest's when known (the payment step).
 */
export async function promotionRefusal(
  db: Queryable,
  row: PromotionRow,
  email: string | null | undefined,
  ownHolds?: SQL,
): Promise<string | null> {
  if (row.status !== 'active') return promoMessages.noLongerAvailable(row.code);
  const guest = email ? normalizePromoCode(email) : null;
  if (row.guestEmail && guest && row.guestEmail !== guest) return promoMessages.otherGuest(row.code);
  if (row.maxUses !== null && (await liveUses(db, row.id, undefined, ownHolds)) >= row.maxUses) {
    return promoMessages.noLongerAvailable(row.code);
  }
  if (row.maxUsesPerGuest !== null && guest && (await liveUses(db, row.id, guest, ownHolds)) >= row.maxUsesPerGuest) {
    return promoMessages.usedByGuest(row.code);
  }
  return null;
}

/**
 * The code the guest typed, resolved for priceStay; undefined when none was
 * typed. Uses held by `ownHolds` (the reservation's own, which its new
 * attempt replaces) are not counted against it.
 */
export async function resolvePromo(
  db: Queryable,
  code: string | undefined,
  email?: string | null,
  ownHolds?: SQL,
): Promise<PromoInput | undefined> {
  if (code === undefined || code.trim() === '') return undefined;
  const typed = code.trim();
  const row = await findPromotion(db, typed);
  if (!row) return { code: typed, refusal: promoMessages.unknown(typed) };
  const refusal = await promotionRefusal(db, row, email, ownHolds);
  return refusal ? { code: row.code, refusal } : { code: row.code, rule: ruleOf(row) };
}

/** The collections a home is in (a code may be limited to some). */
export async function collectionsOf(db: Queryable, propertyId: string): Promise<string[]> {
  const rows = await db
    .select({ collection: propertyCollections.collection })
    .from(propertyCollections)
    .where(eq(propertyCollections.propertyId, propertyId));
  return rows.map((row) => row.collection);
}
