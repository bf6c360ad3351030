// What the console's Google page shows (issue 27): the feed's URL, each home's
// eligibility, its queue and last push, failures, and the twin's last run.
import { googleAriChanges, googleAriHomes, properties, type Database } from '@sas/db';
import { centsToDollars, feedEligibility, type AdminGoogle, type AdminGoogleHome } from '@sas/domain';
import { count, eq } from 'drizzle-orm';
import { loadFeedHomes } from './feed.js';
import { feedToken, listingsFeedUrl } from './settings.js';
import { lastTwinRun } from './twin.js';

const shownMismatches = 20;

export async function googleOverview(
  db: Database,
  settings: { publicUrl: string; pushing: boolean },
): Promise<AdminGoogle> {
  const [token, homes, states, queued, twin] = await Promise.all([
    feedToken(db),
    loadFeedHomes(db, settings),
    db
      .select({
        propertyId: properties.propertyId,
        sentAt: googleAriHomes.sentAt,
        lastError: googleAriHomes.lastError,
        nextAttemptAt: googleAriHomes.nextAttemptAt,
        blockedReason: googleAriHomes.blockedReason,
      })
      .from(googleAriHomes)
      .innerJoin(properties, eq(properties.id, googleAriHomes.propertyId)),
    db
      .select({ propertyId: properties.propertyId, pending: count() })
      .from(googleAriChanges)
      .innerJoin(properties, eq(properties.id, googleAriChanges.propertyId))
      .groupBy(properties.propertyId),
    lastTwinRun(db),
  ]);
  const stateOf = new Map(states.map((row) => [row.propertyId, row]));
  const pendingOf = new Map(queued.map((row) => [row.propertyId, row.pending]));
  return {
    listingsFeedUrl: listingsFeedUrl(settings.publicUrl, token),
    homes: homes.map((home): AdminGoogleHome => {
      const eligibility = feedEligibility(home);
      const state = stateOf.get(home.propertyId);
      return {
        propertyId: home.propertyId,
        eligible: eligibility.eligible,
        ...(eligibility.eligible ? {} : { reason: eligibility.reason }),
        ...(state?.sentAt ? { lastPushAt: state.sentAt.toISOString() } : {}),
        pending: pendingOf.get(home.propertyId) ?? 0,
        ...(state?.lastError ? { failure: state.lastError } : {}),
        ...(state?.nextAttemptAt ? { retryAt: state.nextAttemptAt.toISOString() } : {}),
        ...(state?.blockedReason ? { heldBack: state.blockedReason } : {}),
      };
    }),
    twin: twin
      ? {
          checkedAt: twin.checkedAt.toISOString(),
          itineraries: twin.itineraries,
          mismatches: twin.mismatches,
          examples: twin.details.slice(0, shownMismatches).map((m) => ({
            ...m,
            ariTotal: m.ariTotal === null ? null : centsToDollars(m.ariTotal),
            siteTotal: m.siteTotal === null ? null : centsToDollars(m.siteTotal),
          })),
        }
      : null,
    pushing: settings.pushing,
  };
}
