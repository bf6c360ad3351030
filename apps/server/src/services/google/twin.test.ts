// The price-accuracy twin (issue 27): no mismatch when what Google holds is
// what the site charges; a mismatch introduced on purpose is found, printed
// by `npm run price-check` with exit code 1, and the nightly job holds the
// home's pushes back and alerts the company inbox.
import { emailOutbox, googleAriHomes, googleTwinRuns, propertyDiscounts } from '@sas/db';
import { insertStay, watchClientConcurrency } from '@sas/db/testing';
import { addDays, ariDaysAhead, ariMaxStayNights, todayIn, type AriSnapshot } from '@sas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePriceCheck } from '../../cli/price-check.js';
import { createBookableHome } from '../../test/booking.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { loadRateSnapshot } from '../rate-tables.js';
import { pushDueHomes, readHomeNow } from './ari.js';
import { nightlyTwin, runTwin } from './twin.js';

let t: TestApp;
let home: { id: string; propertyId: string };
const settings = { companyInbox: 'owners@summitandshore.example', publicUrl: 'https://summitandshore.example' };

/** Stores what the push would send now as what Google was sent, then applies `tamper` to it. */
async function markSent(id: string, tamper: (sent: AriSnapshot) => void = () => undefined): Promise<void> {
  const rated = (await loadRateSnapshot(t.db)).homes.find((h) => h.id === id);
  if (!rated) throw new Error('no home');
  const { snapshot } = await readHomeNow(t.db, rated, new Date());
  tamper(snapshot);
  await t.db
    .insert(googleAriHomes)
    .values({ propertyId: id, sent: snapshot, sentAt: new Date(), fullSentAt: new Date() })
    .onConflictDoUpdate({ target: googleAriHomes.propertyId, set: { sent: snapshot, blockedReason: null } });
}

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  await insertStay(t.db, home.id, {
    checkIn: addDays(todayIn('America/Denver'), 20),
    checkOut: addDays(todayIn('America/Denver'), 24),
  });
});

afterAll(async () => {
  await t?.close();
});

describe('the price-accuracy twin', () => {
  it('finds no mismatch when Google holds what the site charges, over every check-in and length', async () => {
    await markSent(home.id);
    const report = await runTwin(t.db, new Date(), [home.propertyId]);
    // createBookableHome's minimum stay is 2: lengths 2 to 30 for each check-in whose stay ends inside the window.
    let expected = 0;
    for (let d = 0; d < ariDaysAhead; d += 1)
      expected += Math.max(0, Math.min(ariMaxStayNights, ariDaysAhead - d) - 2 + 1);
    expect(report.itineraries).toBe(expected);
    expect(report.mismatches).toEqual([]);
    expect(describePriceCheck({ ...report, ms: 10 }).exitCode).toBe(0);
  });

  it('finds a night sent at the wrong price in every stay that includes it, and price-check exits 1', async () => {
    const today = todayIn('America/Denver');
    const night = addDays(today, 100);
    await markSent(home.id, (sent) => {
      const target = sent.nights.find((n) => n.date === night);
      if (target) target.rate += 1_000;
    });
    const report = await runTwin(t.db, new Date(), [home.propertyId]);
    expect(report.mismatches.length).toBeGreaterThan(0);
    for (const m of report.mismatches) {
      expect(m.checkIn <= night && night < m.checkOut).toBe(true);
      expect(m.reason).toBe('price differs');
      // $10 more a night, and 10% tax on it.
      expect((m.ariTotal ?? 0) - (m.siteTotal ?? 0)).toBe(1_100);
    }
    const printed = describePriceCheck({ ...report, ms: 10 });
    expect(printed.exitCode).toBe(1);
    expect(printed.text).toContain(`${home.propertyId}  `);
    expect(printed.text).toMatch(/ARI \$[\d,]+\.\d\d {2}site \$[\d,]+\.\d\d {2}price differs/);
  });

  it('nightly: records the run, holds the home back and e-mails the company inbox, once a day', async () => {
    // It reads inside its transaction one query at a time: pg@9 refuses a query sent on a busy connection.
    const connections = watchClientConcurrency();
    const report = await nightlyTwin(t.db, settings, new Date()).finally(() => connections.stop());
    expect(connections.most()).toBeLessThanOrEqual(1);
    expect(report?.mismatches.length).toBeGreaterThan(0);
    const [run] = await t.db.select().from(googleTwinRuns);
    expect(run).toMatchObject({ mismatches: report?.mismatches.length });
    const [state] = await t.db.select().from(googleAriHomes).where(eq(googleAriHomes.propertyId, home.id));
    expect(state?.blockedReason).toMatch(/stays disagree/);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'google_twin_alert'));
    expect(mails.map((m) => m.to)).toEqual([settings.companyInbox]);
    expect(mails[0]?.text).toContain(home.propertyId);
    // A second run the same day does nothing.
    expect(await nightlyTwin(t.db, settings, new Date())).toBeNull();
  });

  it('holds back the push of a home whose prices Google cannot be told (a gap-night discount)', async () => {
    const gapHome = await createBookableHome(t.db);
    const today = todayIn('America/Denver');
    // Two nights free between two stays, and a gap-night discount: the site discounts that stay, Google cannot.
    await insertStay(t.db, gapHome.id, { checkIn: addDays(today, 40), checkOut: addDays(today, 43) });
    await insertStay(t.db, gapHome.id, { checkIn: addDays(today, 45), checkOut: addDays(today, 48) });
    await t.db.insert(propertyDiscounts).values({ propertyId: gapHome.id, gapMaxNights: 2, gapBps: 2_000 });
    await markSent(gapHome.id);
    const report = await runTwin(t.db, new Date(), [gapHome.propertyId]);
    expect(report.mismatches).toEqual([
      expect.objectContaining({
        checkIn: addDays(today, 43),
        checkOut: addDays(today, 45),
        reason: 'gap-night discount, which Google cannot be told',
      }),
    ]);
    await t.db.update(googleAriHomes).set({ blockedReason: 'test' }).where(eq(googleAriHomes.propertyId, gapHome.id));
    const outcome = await pushDueHomes(
      t.db,
      { url: 'http://127.0.0.1:9/never', partnerKey: 'k' },
      new Date(Date.now() + 1_000),
    );
    expect(outcome.outcomes[gapHome.propertyId]).toBe('blocked');
    // The first home, held back too, would now send what the site charges: it goes (and fails only for want of a receiver).
    expect(outcome.outcomes[home.propertyId]).toBe('failed');
    const [state] = await t.db.select().from(googleAriHomes).where(eq(googleAriHomes.propertyId, gapHome.id));
    expect(state?.lastError).toMatch(/^Held back: 1 itineraries would still disagree/);
  });
});
