import { useState, type RefObject } from 'react';
import { calendarChannelLabels, pluralize, type AdminFeed, type FeedSyncResult } from '@sas/domain';
import { ConsoleDialog } from '../../shared/components/console-dialog';
import { TableRegion } from '../../shared/components/table-region';
import { errorMessage, formatTimestamp } from '../../shared/format';
import { useDeleteCalendarFeed } from '../api/delete-calendar-feed';
import { useSyncCalendarFeed } from '../api/sync-calendar-feed';
import { describeSync } from './sync-summary';

interface FeedsTableProps {
  homeName: string;
  feeds: AdminFeed[];
  /** A sync's outcome, or a removal: the section says it in its status line or alert. */
  onNotice: (message: string, tone?: 'ok' | 'error') => void;
  /** Focused after a removal, the removed row's buttons being gone. */
  afterRemoveFocus: RefObject<HTMLElement | null>;
}

/** The calendars imported into a home, how their syncs went, and Sync now / Remove per feed. */
export function FeedsTable({ homeName, feeds, onNotice, afterRemoveFocus }: FeedsTableProps) {
  const sync = useSyncCalendarFeed();
  const remove = useDeleteCalendarFeed();
  const [removing, setRemoving] = useState<AdminFeed | null>(null);

  function syncNow(feed: AdminFeed) {
    sync.mutate(feed.id, {
      onSuccess: (result: FeedSyncResult) =>
        onNotice(describeSync(feed.name, result), result.status === 'failed' ? 'error' : 'ok'),
      onError: (error) => onNotice(`${feed.name} could not be synced: ${errorMessage(error)}`, 'error'),
    });
  }

  function confirmRemove() {
    if (removing === null) return;
    const { name } = removing;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        onNotice(`Removed ${name} and the nights it blocked.`);
      },
    });
  }

  if (feeds.length === 0) {
    return <p className="console-muted">No calendars imported yet. Add a channel&apos;s feed below.</p>;
  }

  const caption = `Calendars imported into ${homeName}`;
  return (
    <>
      <TableRegion label={caption}>
        <table className="console-table channels__feeds">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Channel</th>
              <th scope="col">Feed URL</th>
              <th scope="col">Last success</th>
              <th scope="col">Last error</th>
              <th scope="col">Failing since</th>
              <th scope="col" className="num">
                Events
              </th>
              <th scope="col" className="num">
                Conflicts
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {feeds.map((feed) => {
              const syncing = sync.isPending && sync.variables === feed.id;
              return (
                <tr key={feed.id}>
                  <th scope="row">{feed.name}</th>
                  <td>{calendarChannelLabels[feed.channel]}</td>
                  <td className="channels__url">{feed.url}</td>
                  <td>{feed.lastSuccessAt ? formatTimestamp(feed.lastSuccessAt) : 'Never'}</td>
                  <td>
                    {feed.lastError ? (
                      <p className="console-error channels__error">
                        <strong>Failed:</strong> {feed.lastError}
                      </p>
                    ) : (
                      'None'
                    )}
                  </td>
                  <td>{feed.failingSince ? formatTimestamp(feed.failingSince) : '—'}</td>
                  <td className="num">{feed.eventCount}</td>
                  <td className="num">
                    {feed.conflicts > 0 ? (
                      <strong className="channels__conflict-count">{feed.conflicts}</strong>
                    ) : (
                      feed.conflicts
                    )}
                  </td>
                  <td>
                    <div className="channels__actions">
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        disabled={syncing}
                        onClick={() => syncNow(feed)}
                      >
                        {syncing ? 'Syncing…' : 'Sync now'} <span className="visually-hidden">{feed.name}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => {
                          remove.reset();
                          setRemoving(feed);
                        }}
                      >
                        Remove <span className="visually-hidden">{feed.name}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableRegion>
      <ConsoleDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={`Remove ${removing?.name ?? 'this feed'}?`}
        closeLabel="Keep it"
        fallbackFocus={afterRemoveFocus}
      >
        {removing && (
          <>
            <p>
              We stop reading this calendar, and the nights its {pluralize(removing.eventCount, 'event')} blocked here
              become free for guests to book. Nothing changes on {calendarChannelLabels[removing.channel]} itself.
            </p>
            {remove.isError && (
              <p role="alert" className="console-error">
                Not removed: {errorMessage(remove.error)}
              </p>
            )}
            <button type="button" className="button button--accent" disabled={remove.isPending} onClick={confirmRemove}>
              {remove.isPending ? 'Removing…' : 'Remove feed'}
            </button>
          </>
        )}
      </ConsoleDialog>
    </>
  );
}
