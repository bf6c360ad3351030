import { useState, type RefObject } from 'react';
import { Link } from '@/components/link';
import { formatDateRange, type AdminCalendarStay } from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { ConsoleDialog } from '../../shared/components/console-dialog';
import { errorMessage } from '../../shared/format';
import { useDeleteBlock } from '../api/delete-block';
import { describeStay, stayKinds } from '../stay-kinds';

interface StayListProps {
  caption: string;
  stays: AdminCalendarStay[];
  onRemoved: (message: string) => void;
  /** Focused after a removal, the removed row's button being gone. */
  afterRemoveFocus: RefObject<HTMLElement | null>;
}

/** The month's stays as a list, where a block is removed (after a confirmation). */
export function StayList({ caption, stays, onRemoved, afterRemoveFocus }: StayListProps) {
  const [removing, setRemoving] = useState<AdminCalendarStay | null>(null);
  const deleteBlock = useDeleteBlock();

  function confirmRemove() {
    if (removing === null) return;
    const described = `${describeStay(removing)}, ${formatDateRange(removing.checkIn, removing.checkOut)}`;
    deleteBlock.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        onRemoved(`Removed ${described}.`);
      },
    });
  }

  return (
    <>
      {stays.length === 0 ? (
        <p className="console-muted">No nights taken in this month.</p>
      ) : (
        <TableRegion label={caption}>
          <table className="console-table">
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Nights</th>
                <th scope="col">Details</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {stays.map((stay) => (
                <tr key={stay.id}>
                  <td>
                    <span className={`stay-swatch stay--${stay.kind}`} aria-hidden="true">
                      {stayKinds[stay.kind].letter}
                    </span>{' '}
                    {stayKinds[stay.kind].label}
                  </td>
                  <td>{formatDateRange(stay.checkIn, stay.checkOut)}</td>
                  <td>
                    {stay.kind === 'reservation' && stay.bookingCode ? (
                      <>
                        <Link to={`/admin/reservations/${encodeURIComponent(stay.bookingCode)}`}>
                          {stay.bookingCode}
                        </Link>
                        {stay.guestName && `, ${stay.guestName}`}
                      </>
                    ) : (
                      (stay.reason ?? '')
                    )}
                  </td>
                  <td>
                    {stay.removable && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => {
                          deleteBlock.reset();
                          setRemoving(stay);
                        }}
                      >
                        Remove{' '}
                        <span className="visually-hidden">
                          {describeStay(stay)}, {formatDateRange(stay.checkIn, stay.checkOut)}
                        </span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <ConsoleDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this block?"
        closeLabel="Keep it"
        fallbackFocus={afterRemoveFocus}
      >
        {removing && (
          <>
            <p>
              {describeStay(removing)}, {formatDateRange(removing.checkIn, removing.checkOut)}. Its nights become free
              for guests to book.
            </p>
            {deleteBlock.isError && (
              <p role="alert" className="console-error">
                {errorMessage(deleteBlock.error)}
              </p>
            )}
            <button
              type="button"
              className="button button--accent"
              disabled={deleteBlock.isPending}
              onClick={confirmRemove}
            >
              {deleteBlock.isPending ? 'Removing…' : 'Remove block'}
            </button>
          </>
        )}
      </ConsoleDialog>
    </>
  );
}
