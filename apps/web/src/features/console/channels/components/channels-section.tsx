import { useRef, useState } from 'react';
import { Link } from '@/components/link';
import { pluralize } from '@sas/domain';
import { QueryState } from '../../shared/components/query-state';
import { useCalendarFeeds } from '../api/get-calendar-feeds';
import { AddFeedForm } from './add-feed-form';
import { ExportLinks } from './export-links';
import { FeedsTable } from './feeds-table';
import './channels.css';

interface ChannelsSectionProps {
  /** The home's UUID. */
  homeId: string;
  /** SAS-1006, for the calendar link. */
  propertyId: string;
  homeName: string;
}

interface Notice {
  text: string;
  tone: 'ok' | 'error';
}

/**
 * A home's calendar sync with other channels: the links they read our
 * calendar from, and the calendars we read from them.
 */
export function ChannelsSection({ homeId, propertyId, homeName }: ChannelsSectionProps) {
  const feeds = useCalendarFeeds(homeId);
  const [notice, setNotice] = useState<Notice | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const say = (text: string, tone: Notice['tone'] = 'ok') => setNotice({ text, tone });

  return (
    <QueryState query={feeds} loading="Loading the channel calendars…">
      {(data) => {
        const conflicts = data.feeds.reduce((sum, feed) => sum + feed.conflicts, 0);
        return (
          <>
            {/* Both stay in the page so a screen reader hears each change; the focus lands here when its button is gone. */}
            <p
              ref={statusRef}
              tabIndex={-1}
              role="status"
              className={notice?.tone === 'ok' ? 'console-success' : undefined}
            >
              {notice?.tone === 'ok' ? notice.text : ''}
            </p>
            <div role="alert" className={notice?.tone === 'error' ? 'console-error' : undefined}>
              {notice?.tone === 'error' ? notice.text : ''}
            </div>
            {conflicts > 0 && (
              <div className="channels__conflicts">
                <p>
                  <strong>{pluralize(conflicts, 'conflict')}:</strong> imported events overlap a booking or hold here.
                  Our bookings stay; settle each with the guest or on the channel.
                </p>
                <Link to={`/admin/calendar?view=month&home=${encodeURIComponent(propertyId)}`}>
                  See {homeName} on the calendar
                </Link>
              </div>
            )}
            <h3>Export links</h3>
            <p className="console-muted">
              Each channel imports this home&apos;s bookings and blocks from its own secret link, which leaves out what
              came from that channel.
            </p>
            <ExportLinks homeId={homeId} exports={data.exports} onNotice={say} afterRotateFocus={statusRef} />
            <h3>Imported calendars</h3>
            <FeedsTable homeName={homeName} feeds={data.feeds} onNotice={say} afterRemoveFocus={statusRef} />
            <AddFeedForm homeId={homeId} onAdded={say} />
          </>
        );
      }}
    </QueryState>
  );
}
