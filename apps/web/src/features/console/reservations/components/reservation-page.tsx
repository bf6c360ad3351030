import { useRef, useState, type FormEvent } from 'react';
import { Link } from '@/components/link';
import { formatDateRange, formatDollars, formatParty, type AdminReservationDetail } from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { QueryState } from '../../shared/components/query-state';
import { errorMessage, formatTimestamp } from '../../shared/format';
import { GuestMessages } from './guest-messages';
import { useConsoleUser } from '../../shared/hooks';
import { useAddNote } from '../api/add-note';
import { useReservation } from '../api/get-reservation';
import { useResendConfirmation } from '../api/resend-confirmation';
import { CancelDialog } from './cancel-dialog';
import { AgreementSection, DepositSection, ScheduleSection } from './money-over-time';
import './reservations.css';

const actorLabels = { guest: 'the guest', staff: 'staff', system: 'the system' } as const;

function NoteForm({ code }: { code: string }) {
  const [body, setBody] = useState('');
  const addNote = useAddNote(code);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    addNote.mutate(body, { onSuccess: () => setBody('') });
  }
  return (
    <form onSubmit={submit}>
      <div className="console-field">
        <label htmlFor="reservation-note">New note</label>
        <textarea
          id="reservation-note"
          rows={3}
          maxLength={4000}
          required
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
      </div>
      {addNote.isError && (
        <p role="alert" className="console-error">
          {errorMessage(addNote.error)}
        </p>
      )}
      <p>
        <button type="submit" className="button button--primary button--small" disabled={addNote.isPending}>
          {addNote.isPending ? 'Adding…' : 'Add note'}
        </button>
      </p>
    </form>
  );
}

function MoneyTable<T extends { id: string; amount: number; status: string; createdAt: string }>({
  caption,
  rows,
  detail,
}: {
  caption: string;
  rows: T[];
  detail: (row: T) => string;
}) {
  if (rows.length === 0) return <p className="console-muted">None.</p>;
  return (
    <TableRegion label={caption}>
      <table className="console-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Details</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{formatTimestamp(row.createdAt)}</td>
              <td>{detail(row)}</td>
              <td>{row.status}</td>
              <td className="num">{formatDollars(row.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

function ReservationView({ reservation }: { reservation: AdminReservationDetail }) {
  const user = useConsoleUser();
  const isOwner = user.role === 'owner';
  const resend = useResendConfirmation(reservation.code);
  const [cancelOpen, setCancelOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { guest, cancellation } = reservation;

  return (
    <>
      <div className="reservation__head">
        <h1 ref={headingRef} tabIndex={-1}>
          Reservation {reservation.code}{' '}
          <span className={`status-tag status-tag--${reservation.status}`}>
            {reservation.status === 'confirmed' ? 'Confirmed' : 'Cancelled'}
          </span>
        </h1>
        {!isOwner && (
          <div className="console-button-row">
            {reservation.status === 'confirmed' && (
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={resend.isPending}
                onClick={() => resend.mutate()}
              >
                {resend.isPending ? 'Sending…' : 'Resend confirmation'}
              </button>
            )}
            {reservation.status === 'confirmed' && (
              <button type="button" className="button button--accent button--small" onClick={() => setCancelOpen(true)}>
                Cancel reservation
              </button>
            )}
          </div>
        )}
      </div>
      {resend.isSuccess && (
        <p role="status" className="console-success">
          The confirmation is on its way to {resend.data.to}.
        </p>
      )}
      {resend.isError && (
        <p role="alert" className="console-error">
          {errorMessage(resend.error)}
        </p>
      )}
      {cancellation && (
        <section className="console-panel" aria-labelledby="reservation-cancellation">
          <h2 id="reservation-cancellation">Cancellation</h2>
          <p>
            Cancelled by {actorLabels[cancellation.actor]} on {formatTimestamp(cancellation.cancelledAt)}; refund{' '}
            {formatDollars(cancellation.refundAmount)} ({cancellation.refundChoice},{' '}
            {cancellation.refundStatus === 'done' ? 'issued' : 'being retried'}).
          </p>
          {cancellation.lastError && <p className="console-error">Last refund error: {cancellation.lastError}</p>}
        </section>
      )}
      <div className="reservation__grid">
        <section className="console-panel" aria-labelledby="reservation-stay">
          <h2 id="reservation-stay">Stay</h2>
          <dl className="reservation__facts">
            <dt>Home</dt>
            <dd>
              {reservation.property.name} ({reservation.property.propertyId})
            </dd>
            <dt>Dates</dt>
            <dd>{formatDateRange(reservation.checkIn, reservation.checkOut)}</dd>
            <dt>Nights</dt>
            <dd>{reservation.nights}</dd>
            <dt>Party</dt>
            <dd>{formatParty(reservation.party)}</dd>
            <dt>Booked</dt>
            <dd>{formatTimestamp(reservation.bookedAt)}</dd>
          </dl>
        </section>
        <section className="console-panel" aria-labelledby="reservation-guest">
          <h2 id="reservation-guest">Guest</h2>
          <dl className="reservation__facts">
            <dt>Name</dt>
            <dd>{[guest.firstName, guest.lastName].filter(Boolean).join(' ') || 'Not given'}</dd>
            {guest.email !== null && (
              <>
                <dt>E-mail</dt>
                <dd>
                  <a href={`mailto:${guest.email}`}>{guest.email}</a>
                </dd>
              </>
            )}
            {guest.phoneNumber !== null && (
              <>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${guest.phoneNumber}`}>{guest.phoneNumber}</a>
                </dd>
              </>
            )}
          </dl>
        </section>
      </div>
      <section className="console-panel" aria-labelledby="reservation-price">
        <h2 id="reservation-price">Price</h2>
        <TableRegion label="Price lines">
          <table className="console-table">
            <caption className="visually-hidden">Price lines</caption>
            <tbody>
              {reservation.priceLines.map((line, index) => (
                <tr key={`${line.label}-${index}`}>
                  <th scope="row">{line.label}</th>
                  <td className="num">{formatDollars(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="num">
                  <strong>{formatDollars(reservation.totalAmount)}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
        </TableRegion>
        <h3>Add-ons</h3>
        {reservation.addOns.length === 0 ? (
          <p className="console-muted">None.</p>
        ) : (
          <ul>
            {reservation.addOns.map((addOn, index) => (
              <li key={`${addOn.name}-${index}`}>
                {addOn.name}
                {addOn.option && ` (${addOn.option})`}: {formatDollars(addOn.price)}
              </li>
            ))}
          </ul>
        )}
      </section>
      {!isOwner && <GuestMessages code={reservation.code} />}
      <section className="console-panel" aria-labelledby="reservation-payments">
        <h2 id="reservation-payments">Payments</h2>
        <MoneyTable caption="Payments" rows={reservation.payments} detail={paymentPurposeLabel} />
        <h3>Refunds</h3>
        <MoneyTable caption="Refunds" rows={reservation.refunds} detail={(refund) => refund.reason} />
      </section>
      <ScheduleSection schedule={reservation.schedule} />
      <div className="reservation__grid">
        <DepositSection
          code={reservation.code}
          deposit={reservation.deposit}
          photos={reservation.depositPhotos}
          canCapture={!isOwner}
        />
        <AgreementSection agreement={reservation.agreement} />
      </div>
      {reservation.reportedDamage.length > 0 && (
        <section className="console-panel" aria-labelledby="reservation-damage">
          <h2 id="reservation-damage">Damage reported by cleaners</h2>
          <p className="console-muted">Evidence for a deposit capture: found at this stay's departure.</p>
          <ul>
            {reservation.reportedDamage.map((report) => (
              <li key={report.id}>
                {report.note}{' '}
                <span className="console-muted">
                  ({report.taskKind}, {new Date(report.reportedAt).toLocaleString('en-US')}
                  {report.status === 'closed' ? ', closed' : ''})
                </span>
                {report.photos.map((photo, index) => (
                  <a key={photo.id} href={photo.url} className="reservation__damage-photo">
                    <img
                      src={photo.thumbnailUrl}
                      alt={`Damage photo ${index + 1}: ${report.note}`}
                      width={160}
                      height={107}
                    />
                  </a>
                ))}
              </li>
            ))}
          </ul>
        </section>
      )}
      {!isOwner && (
        <>
          <section className="console-panel" aria-labelledby="reservation-emails">
            <h2 id="reservation-emails">E-mails sent</h2>
            {reservation.emails.length === 0 ? (
              <p className="console-muted">None.</p>
            ) : (
              <TableRegion label="E-mails sent">
                <table className="console-table">
                  <caption className="visually-hidden">E-mails sent</caption>
                  <thead>
                    <tr>
                      <th scope="col">Queued</th>
                      <th scope="col">Subject</th>
                      <th scope="col">To</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {reservation.emails.map((email) => (
                      <tr key={email.id}>
                        <td>{formatTimestamp(email.createdAt)}</td>
                        <td>{email.subject}</td>
                        <td>{email.to}</td>
                        <td>{email.sentAt ? `sent ${formatTimestamp(email.sentAt)}` : email.status}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            )}
          </section>
          <section className="console-panel" aria-labelledby="reservation-notes">
            <h2 id="reservation-notes">Staff notes</h2>
            {reservation.notes.length === 0 ? (
              <p className="console-muted">No notes yet.</p>
            ) : (
              <ul className="notes">
                {reservation.notes.map((note) => (
                  <li key={note.id}>
                    <span className="console-muted">
                      {note.authorEmail}, {formatTimestamp(note.createdAt)}:
                    </span>{' '}
                    {note.body}
                  </li>
                ))}
              </ul>
            )}
            <NoteForm code={reservation.code} />
          </section>
          <CancelDialog
            reservation={reservation}
            open={cancelOpen}
            onOpenChange={setCancelOpen}
            fallbackFocus={headingRef}
          />
        </>
      )}
    </>
  );
}

export function ReservationPage({ code }: { code: string }) {
  const reservation = useReservation(code);
  return (
    <>
      <p>
        <Link to="/admin/reservations">Back to reservations</Link>
      </p>
      <QueryState query={reservation} loading="Loading the reservation…">
        {(data) => <ReservationView reservation={data} />}
      </QueryState>
    </>
  );
}

const paymentPurposeLabels: Record<string, string> = {
  stay: 'Stay',
  installment: 'Installment',
  validation: 'Card check ($2, refunded)',
  deposit: 'Deposit hold',
  concierge: 'Concierge service',
};

/** What a payment was for, in staff's words. */
function paymentPurposeLabel(payment: { purpose: string; provider: string }): string {
  return `${paymentPurposeLabels[payment.purpose] ?? payment.purpose} · ${payment.provider}`;
}
