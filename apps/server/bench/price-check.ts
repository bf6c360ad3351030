// `npm run bench:price-check -w @sas/server [-- --homes=25,100,500]`: how long
// the Google price-accuracy twin (ADR 044) takes at 25, 100 and 500 homes of
// the scale seed (40 stays each), every check-in of 330 days and every length
// from the minimum stay to 30 nights. Budget: 25 homes in under 2 minutes;
// the time per home should stay flat as homes grow. Apart from `npm run
// bench` so CI does not pay for it. On BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) when set, else embedded PGlite.
import { seedScaleCatalog } from '@sas/db/seed';
import { createTestDatabase } from '@sas/db/testing';
import { runTwin } from '../src/services/google/twin.js';
import { staysPerHome } from './scale.js';

const budgetSeconds25 = 120;
const arg = process.argv.slice(2).find((a) => a.startsWith('--homes='));
const sizes = arg ? arg.slice('--homes='.length).split(',').map(Number) : [25, 100, 500];

const rows: { homes: number; itineraries: number; seconds: number; msPerHome: number; mismatches: number }[] = [];
for (const homes of sizes) {
  const database = await createTestDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  });
  try {
    await seedScaleCatalog(database.db, { homes, stays: homes * staysPerHome });
    const started = performance.now();
    const report = await runTwin(database.db, new Date());
    const seconds = (performance.now() - started) / 1000;
    rows.push({
      homes,
      itineraries: report.itineraries,
      seconds: Number(seconds.toFixed(1)),
      msPerHome: Math.round((seconds * 1000) / homes),
      mismatches: report.mismatches.length,
    });
    console.info(`${homes} homes: ${report.itineraries} stays in ${seconds.toFixed(1)} s`);
  } finally {
    await database.cleanup();
  }
}
console.table(rows);
const at25 = rows.find((row) => row.homes === 25);
if (at25 && at25.seconds > budgetSeconds25) {
  console.error(`25 homes took ${at25.seconds} s, over the ${budgetSeconds25} s budget`);
  process.exitCode = 1;
}
