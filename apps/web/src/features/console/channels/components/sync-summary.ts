import { pluralize, type FeedSyncResult } from '@sas/domain';

/** What one sync did, in a sentence naming the feed. */
export function describeSync(name: string, result: FeedSyncResult): string {
  const conflicts =
    result.conflicts === 0 ? 'no conflicts' : `${pluralize(result.conflicts, 'conflict')} with bookings or holds here`;
  if (result.status === 'failed') {
    return `${name} could not be synced: ${result.error ?? 'the channel did not answer'}. The blocks from its last good sync are kept.`;
  }
  if (result.status === 'not_modified') {
    return `${name} has not changed since the last sync: ${pluralize(result.events, 'event')}, ${conflicts}.`;
  }
  return `Synced ${name}: ${pluralize(result.events, 'event')}; ${result.added} added, ${result.updated} updated, ${result.removed} removed; ${conflicts}.`;
}
