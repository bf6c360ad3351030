// A home's rates in the console (issue 14 section 3): read, replaced whole,
// and previewed before saving. New rates price new quotes only: a booking
// keeps the amounts stored on it when it was sold. Pricing itself is the one
// domain function (priceStay) the public quote uses.
import { randomUUID } from 'node:crypto';
import {
  properties,
  propertyRates,
  seasonalRates,
  regularRateColumns,
  seasonColumns,
  taxJurisdictions,
  type Database,
  type Queryable,
  type Transaction,
} from '@sas/db';
import {
  adminRatesFromCard,
  DomainError,
  priceStay,
  quoteToApi,
  rateCardFromAdmin,
  slugify,
  todayIn,
  type AdminRates,
  type AdminRatesPreviewRequest,
  type QuoteResponse,
  type RateCard,
} from '@sas/domain';
import { and, asc, eq } from 'drizzle-orm';
import { readAll } from '../../lib/in-order.js';
import type { ConsoleUser } from './access.js';
import { recordAudit } from './audit.js';

export const noRatesMessage = 'This home has no rates yet: send them with PUT';

/**
 * The home's rate card as stored (cents), or null when it has none yet. Read
 * inside the rates change's transaction too (readAll).
 */
async function loadRateCard(db: Queryable, homeId: string): Promise<RateCard | null> {
  const [[regular], seasons] = await readAll(db, [
    () =>
      db
        .select(regularRateColumns)
        .from(propertyRates)
        .innerJoin(taxJurisdictions, eq(taxJurisdictions.id, propertyRates.taxJurisdictionId))
        .where(eq(propertyRates.propertyId, homeId)),
    () =>
      db
        .select(seasonColumns)
        .from(seasonalRates)
        .where(eq(seasonalRates.propertyId, homeId))
        .orderBy(asc(seasonalRates.startDate)),
  ]);
  return regular ? { ...regular, seasons } : null;
}

/** The home's rates in the console's shape; null when it has none yet. */
export async function getAdminRates(db: Queryable, homeId: string): Promise<AdminRates | null> {
  const card = await loadRateCard(db, homeId);
  return card ? adminRatesFromCard(card) : null;
}

/**
 * The jurisdiction with this name and rate, made if none has both. Rows are
 * never changed here: other homes may share one, and changing this home's
 * tax must not change theirs.
 */
async function jurisdictionFor(tx: Transaction, name: string, rateBps: number): Promise<string> {
  const [existing] = await tx
    .select({ id: taxJurisdictions.id })
    .from(taxJurisdictions)
    .where(and(eq(taxJurisdictions.name, name), eq(taxJurisdictions.rateBps, rateBps)))
    .orderBy(asc(taxJurisdictions.id))
    .limit(1);
  if (existing) return existing.id;
  const id = `${slugify(name).slice(0, 60) || 'tax'}-${rateBps}-${randomUUID().slice(0, 8)}`;
  await tx.insert(taxJurisdictions).values({ id, name, rateBps });
  return id;
}

/** SQLSTATE exclusion_violation, from the driver or wrapped by Drizzle. */
function isExclusionViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23P01') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Replaces the home's rates and seasons in one transaction with its audit
 * entry, and answers them as now stored. Overlapping seasons are refused by
 * the schema before this; the database's exclusion constraint is the last
 * word, answered as a 422 too.
 */
export async function replaceAdminRates(
  db: Database,
  user: ConsoleUser,
  homeId: string,
  rates: AdminRates,
): Promise<AdminRates> {
  const card = rateCardFromAdmin(rates);
  try {
    await db.transaction(async (tx) => {
      // Two saves of one home's rates at once: the second waits, so its "before" is the first's "after".
      await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, homeId)).for('update');
      const before = await getAdminRates(tx, homeId);
      const taxJurisdictionId = await jurisdictionFor(tx, card.taxName, card.taxRateBps);
      const regular = {
        nightlyCents: card.nightly,
        weekendCents: card.weekend,
        cleaningFeeCents: card.cleaningFee,
        minStay: card.minStay,
        taxJurisdictionId,
      };
      await tx
        .insert(propertyRates)
        .values({ propertyId: homeId, ...regular })
        .onConflictDoUpdate({ target: propertyRates.propertyId, set: regular });
      await tx.delete(seasonalRates).where(eq(seasonalRates.propertyId, homeId));
      if (card.seasons.length > 0) {
        await tx.insert(seasonalRates).values(
          card.seasons.map((season) => ({
            propertyId: homeId,
            name: season.name,
            startDate: season.start,
            endDate: season.end,
            nightlyCents: season.nightly,
            weekendCents: season.weekend,
            minStay: season.minStay,
          })),
        );
      }
      await recordAudit(tx, user, {
        action: 'rates.replace',
        entity: 'property',
        entityId: homeId,
        before,
        after: await getAdminRates(tx, homeId),
      });
    });
  } catch (err) {
    if (isExclusionViolation(err))
      throw new DomainError('rejected', 'Two seasons overlap: a night can be in one season only');
    throw err;
  }
  const stored = await getAdminRates(db, homeId);
  if (!stored) throw new Error(`rates of ${homeId} vanished after saving`);
  return stored;
}

export interface PreviewHome {
  timeZone: string;
  maxGuests: number;
  petsAllowed: boolean;
}

export type PreviewOutcome = { ok: true; quote: QuoteResponse } | { ok: false; message: string };

/**
 * What a guest would be quoted for these dates under rates not yet saved.
 * The home's taken nights are not consulted: the preview answers "what would
 * this cost", whether or not the nights are free.
 */
export function previewAdminRates(home: PreviewHome, preview: AdminRatesPreviewRequest, now: Date): PreviewOutcome {
  const result = priceStay({
    checkIn: preview.checkIn,
    checkOut: preview.checkOut,
    guests: { adults: preview.adults, children: preview.children, infants: 0, pets: 0 },
    rates: rateCardFromAdmin(preview.rates),
    today: todayIn(home.timeZone, now),
    unavailableNights: [],
    maxGuests: home.maxGuests,
    petsAllowed: home.petsAllowed,
  });
  return result.ok ? { ok: true, quote: quoteToApi(result.quote) } : { ok: false, message: result.error.message };
}
