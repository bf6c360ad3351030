// Limited promo codes that never over-sell (issue 26, ADR 042). A use is
// reserved in the transaction that inserts the payment hold, after locking
// the code's row, so guests paying at once take turns and the count they see
// includes every use reserved before theirs. A reserved use counts while its
// hold keeps the nights (active and not lapsed): a hold that lapses, is
// released (a failed or replaced payment) or was never committed gives the
// use back with no job to run. Recording the booking makes it final.
import { promotionRedemptions, promotions, stays, type Queryable, type Transaction } from '@sas/db';
import { and, eq, sql, type SQL } from 'drizzle-orm';

/** A use that counts: its booking was recorded, or its hold still keeps the nights. */
export function liveUse(): SQL {
  return sql`(${promotionRedemptions.status} = 'redeemed' OR EXISTS (
    SELECT 1 FROM ${stays} WHERE ${stays.id} = ${promotionRedemptions.holdId} AND ${stays.status} = 'active'
      AND (${stays.kind} <> 'hold' OR ${stays.expiresAt} IS NULL OR ${stays.expiresAt} > now())))`;
}

/**
 * Uses of a code that count, all or this guest's (`email` lower case).
 * `ownHolds` (a condition on stays) names the reservation's own holds, which
 * its new attempt replaces: their uses are its own, not someone else's.
 */
export async function liveUses(db: Queryable, promotionId: string, email?: string, ownHolds?: SQL): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(promotionRedemptions)
    .where(
      and(
        eq(promotionRedemptions.promotionId, promotionId),
        email === undefined ? undefined : eq(promotionRedemptions.email, email),
        liveUse(),
        ownHolds === undefined
          ? undefined
          : sql`NOT EXISTS (SELECT 1 FROM ${stays} WHERE ${stays.id} = ${promotionRedemptions.holdId} AND ${ownHolds})`,
      ),
    );
  return row?.count ?? 0;
}

export type ReserveOutcome = { ok: true } | { ok: false; reason: 'used_up' | 'used_by_guest' | 'inactive' };

/**
 * Reserves one use of a code for a hold, in the hold's transaction. Locks the
 * code's row first: two payments with the same code take turns here, so the
 * limit is judged on every use reserved before. Refused when the code was
 * paused or deleted meanwhile, or its uses (all, or this guest's) are taken.
 */
export async function reserveUse(
  tx: Transaction,
  use: { promotionId: string; holdId: string; email: string | null; discountCents: number },
): Promise<ReserveOutcome> {
  const [code] = await tx
    .select({
      status: promotions.status,
      deletedAt: promotions.deletedAt,
      maxUses: promotions.maxUses,
      maxUsesPerGuest: promotions.maxUsesPerGuest,
    })
    .from(promotions)
    .where(eq(promotions.id, use.promotionId))
    .for('update');
  if (!code || code.status !== 'active' || code.deletedAt) return { ok: false, reason: 'inactive' };
  if (code.maxUses !== null && (await liveUses(tx, use.promotionId)) >= code.maxUses) {
    return { ok: false, reason: 'used_up' };
  }
  if (
    code.maxUsesPerGuest !== null &&
    use.email !== null &&
    (await liveUses(tx, use.promotionId, use.email)) >= code.maxUsesPerGuest
  ) {
    return { ok: false, reason: 'used_by_guest' };
  }
  await tx.insert(promotionRedemptions).values({
    promotionId: use.promotionId,
    holdId: use.holdId,
    email: use.email,
    discountCents: use.discountCents,
  });
  return { ok: true };
}

/** Makes the use reserved with a hold final, in the transaction that records its booking. */
export async function redeemUse(tx: Transaction, holdId: string | null, bookingId: string): Promise<void> {
  if (!holdId) return;
  await tx
    .update(promotionRedemptions)
    .set({ status: 'redeemed', bookingId })
    .where(and(eq(promotionRedemptions.holdId, holdId), eq(promotionRedemptions.status, 'reserved')));
}
