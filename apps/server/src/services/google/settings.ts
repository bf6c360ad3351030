// The listing feed's secret token (issue 27): one row, made on first use,
// replaced by the console's rotate. The token is the feed's only credential;
// a wrong one answers 404 like a missing feed, compared in constant time.
import { googleSettings, type Database, type Transaction } from '@sas/db';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The feed's token, made now if there is none yet (two processes at once keep the first one). */
export async function feedToken(db: Database): Promise<string> {
  const [row] = await db.select({ feedToken: googleSettings.feedToken }).from(googleSettings);
  if (row) return row.feedToken;
  await db.insert(googleSettings).values({ id: true, feedToken: newToken() }).onConflictDoNothing();
  const [made] = await db.select({ feedToken: googleSettings.feedToken }).from(googleSettings);
  if (!made) throw new Error('google_settings row missing after insert');
  return made.feedToken;
}

/** Writes the audit entry of a change in its transaction (the console's, given by the route). */
export type GoogleAudit = (
  tx: Transaction,
  entry: { action: string; entity: string; entityId: string },
) => Promise<void>;

/** Replaces the token: the old feed URL stops working at once. */
export async function rotateFeedToken(db: Database, audit?: GoogleAudit): Promise<string> {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .insert(googleSettings)
      .values({ id: true, feedToken: token })
      .onConflictDoUpdate({ target: googleSettings.id, set: { feedToken: token, updatedAt: sql`now()` } });
    // The token itself stays out of the log: it is the feed's only credential.
    await audit?.(tx, { action: 'google.feed_token.rotate', entity: 'google', entityId: 'listings-feed' });
  });
  return token;
}

/** Whether `given` is the feed's token. */
export async function isFeedToken(db: Database, given: string | undefined): Promise<boolean> {
  if (!given) return false;
  const [row] = await db.select({ feedToken: googleSettings.feedToken }).from(googleSettings);
  if (!row) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(row.feedToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function listingsFeedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/feeds/google/listings.xml?token=${encodeURIComponent(token)}`;
}
