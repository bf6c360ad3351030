// Seeding a database (ADR 006, ADR 040): the catalogue of homes when it has
// none, and on request the demo history. The first start of the embedded
// database and `npm run seed` (the command itself, or the running site through
// its control socket) call it.
import type { Database } from '@sas/db';
import { seedIfEmpty, type SeedResult } from '@sas/db/seed';
import type { AuditActor } from '../console/audit.js';
import { seedDemoHistory, type DemoHistoryOutcome } from './history.js';

export {
  demoHistoryAction,
  demoHistoryRefusal,
  demoIntentPrefix,
  seedDemoHistory,
  type DemoHistoryOutcome,
} from './history.js';

export interface SeedOutcome {
  catalogue: SeedResult;
  /** Null when it was not asked for. */
  demoHistory: DemoHistoryOutcome | null;
}

export async function seedDatabase(
  db: Database,
  { demoHistory, now, actor }: { demoHistory: boolean; now: Date; actor: AuditActor },
): Promise<SeedOutcome> {
  const catalogue = await seedIfEmpty(db, { now });
  return { catalogue, demoHistory: demoHistory ? await seedDemoHistory(db, { now, actor }) : null };
}

/** The outcome in a sentence, for the command's output and the server's log. */
export function describeDemoHistory(outcome: DemoHistoryOutcome): string {
  if (outcome.status === 'skipped') return `No demo history written: ${outcome.reason}`;
  const skipped = outcome.skipped > 0 ? `; ${outcome.skipped} planned stays did not fit the rates` : '';
  return `Wrote a year of demo business: ${outcome.bookings} bookings (${outcome.cancelled} cancelled), ${outcome.ownerBlocks} owner stays, ${outcome.reviews} reviews and ${outcome.inquiries} owner inquiries${skipped}.`;
}
