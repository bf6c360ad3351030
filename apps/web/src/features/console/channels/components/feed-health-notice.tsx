import { Link } from '@/components/link';
import { pluralize } from '@sas/domain';
import { formatTimestamp } from '../../shared/format';
import { useCalendarFeeds } from '../api/get-calendar-feeds';

interface FeedHealthNoticeProps {
  /** The home's UUID. */
  homeId: string;
  /** SAS-1006, for the link to the home's Channels section. */
  propertyId: string;
  homeName: string;
}

/**
 * What the calendar grid cannot show: an imported event overlapping a
 * booking or hold is recorded as a conflict, not as a block (our booking keeps
 * its nights), and a failing feed keeps its old blocks while the channel
 * moves on. Staff see both above a home's month, with the way to fix them.
 */
export function FeedHealthNotice({ homeId, propertyId, homeName }: FeedHealthNoticeProps) {
  const feeds = useCalendarFeeds(homeId);
  // Not loaded, or not loadable: the calendar itself is what this page is for.
  if (!feeds.isSuccess) return null;

  const conflicting = feeds.data.feeds.filter((feed) => feed.conflicts > 0);
  const failing = feeds.data.feeds.filter((feed) => feed.lastError !== null);
  if (conflicting.length === 0 && failing.length === 0) return null;

  return (
    <section className="channels__conflicts" aria-labelledby="feed-health-heading">
      <h2 id="feed-health-heading" className="channels__notice-title">
        Imported calendars need a look
      </h2>
      <ul>
        {conflicting.map((feed) => (
          <li key={`conflict-${feed.id}`}>
            <strong>{pluralize(feed.conflicts, 'conflict')}</strong> from {feed.name}: its events overlap a booking or
            hold here, so they are not shown as blocks. Our booking keeps the nights; settle it with the guest or on the
            channel.
          </li>
        ))}
        {failing.map((feed) => (
          <li key={`failing-${feed.id}`}>
            <strong>{feed.name} is failing</strong>
            {feed.failingSince && ` since ${formatTimestamp(feed.failingSince)}`}: {feed.lastError?.replace(/\.$/, '')}.
            Its last blocks are kept.
          </li>
        ))}
      </ul>
      <Link to={`/admin/homes/${encodeURIComponent(propertyId)}#home-channels-heading`}>Channels of {homeName}</Link>
    </section>
  );
}
