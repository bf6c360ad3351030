// A home's lodging tax lines (issue 29, ADR 046): read and replaced whole.
// New lines price new quotes only: a booking keeps the lines it was sold
// with (bookings.tax_lines). A home without lines is taxed at its rates'
// combined jurisdiction, which GET answers as its one line.
import { properties, propertyRates, propertyTaxLines, taxJurisdictions, type Database, type Queryable } from '@sas/db';
import {
  adminTaxLineFromRule,
  combinedTaxLine,
  taxRuleFromAdmin,
  type AdminTaxLine,
  type TaxLineRule,
} from '@sas/domain';
import { asc, eq } from 'drizzle-orm';
import type { ConsoleUser } from './access.js';
import { recordAudit } from './audit.js';

/** The lines the home collects: its own, else its combined rate as one line, else none. */
export async function taxRulesOfHome(db: Queryable, homeId: string): Promise<TaxLineRule[]> {
  const own = await db
    .select({
      name: propertyTaxLines.name,
      jurisdiction: propertyTaxLines.jurisdiction,
      rateBps: propertyTaxLines.rateBps,
      cleaningTaxable: propertyTaxLines.cleaningTaxable,
      addOnsTaxable: propertyTaxLines.addOnsTaxable,
      exemptFromNights: propertyTaxLines.exemptFromNights,
    })
    .from(propertyTaxLines)
    .where(eq(propertyTaxLines.propertyId, homeId))
    .orderBy(asc(propertyTaxLines.position));
  if (own.length > 0) return own;
  const [combined] = await db
    .select({ name: taxJurisdictions.name, rateBps: taxJurisdictions.rateBps })
    .from(propertyRates)
    .innerJoin(taxJurisdictions, eq(taxJurisdictions.id, propertyRates.taxJurisdictionId))
    .where(eq(propertyRates.propertyId, homeId));
  return combined ? [combinedTaxLine(combined.name, combined.rateBps)] : [];
}

export async function getTaxLines(db: Queryable, homeId: string): Promise<AdminTaxLine[]> {
  return (await taxRulesOfHome(db, homeId)).map(adminTaxLineFromRule);
}

/**
 * Replaces the home's lines in one transaction with its audit entry. An
 * empty list puts the home back on its combined rate.
 */
export async function replaceTaxLines(
  db: Database,
  user: ConsoleUser,
  homeId: string,
  lines: readonly AdminTaxLine[],
): Promise<AdminTaxLine[]> {
  await db.transaction(async (tx) => {
    // Two saves of one home at once: the second waits, so its "before" is the first's "after".
    await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, homeId)).for('update');
    const before = await getTaxLines(tx, homeId);
    await tx.delete(propertyTaxLines).where(eq(propertyTaxLines.propertyId, homeId));
    if (lines.length > 0) {
      await tx
        .insert(propertyTaxLines)
        .values(lines.map((line, position) => ({ propertyId: homeId, position, ...taxRuleFromAdmin(line) })));
    }
    await recordAudit(tx, user, {
      action: 'taxes.replace',
      entity: 'property',
      entityId: homeId,
      before,
      after: await getTaxLines(tx, homeId),
    });
  });
  return getTaxLines(db, homeId);
}
