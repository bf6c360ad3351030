// The Google price-accuracy twin (ADR 044) at growing catalogues: how long it
// takes to compare, for every home of the scale seed (40 stays each), every
// check-in of 330 days and every length from the minimum stay to 30 nights.
// Budget: 25 homes in under 2 minutes, and the time per home flat as homes
// grow (issue 27). Each size on a scratch database of its own, on the bench's
// PostgreSQL server when it has one, else embedded PGlite.
import { seedScaleCatalog } from '@sas/db/seed';
import { createTestDatabase } from '@sas/db/testing';
import { runTwin } from '../src/services/google/twin.js';
import { staysPerHome } from './scale.js';

export interface TwinResult {
  homes: number;
  itineraries: number;
  seconds: number;
  msPerHome: number;
  mismatches: number;
}

export async function measureTwin(sizes: readonly number[], postgresUrl: string | undefined): Promise<TwinResult[]> {
  const rows: TwinResult[] = [];
  for (const homes of sizes) {
    const database = await createTestDatabase({ databaseUrl: postgresUrl });
    try {
      await seedScaleCatalog(database.db, { homes, stays: homes * staysPerHome });
      const started = performance.now();
      const report = await runTwin(database.db, new Date());
      const seconds = (performance.now() - started) / 1000;
      rows.push({
        homes,
        itineraries: report.itineraries,
        seconds: Math.round(seconds * 10) / 10,
        msPerHome: Math.round((seconds * 1000) / homes),
        mismatches: report.mismatches.length,
      });
    } finally {
      await database.cleanup();
    }
  }
  return rows;
}
