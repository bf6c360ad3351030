import type { BookingMessage } from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { useReservationMessages } from '../api/get-messages';

const templateLabels: Record<string, string> = {
  booking_confirmation: 'Booking confirmation',
  pre_arrival: 'Pre-arrival',
  arrival_details: 'Arrival details',
  mid_stay: 'Mid-stay check',
  checkout_reminder: 'Checkout reminder',
  thank_you: 'Thank you and review request',
  returning_guest: 'Returning-guest offer',
};

const statusLabels: Record<BookingMessage['status'], string> = {
  scheduled: 'Scheduled',
  sent: 'Sent',
  skipped: 'Skipped',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** What became of a sent message, as the history says it (issue 28: sent, delivered, bounced, skipped). */
const deliveryLabels: Record<NonNullable<BookingMessage['delivery']>, string> = {
  accepted: 'accepted by the provider',
  delivered: 'delivered',
  bounced: 'bounced',
};

function when(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * The booking's guest messages (issue 28): what went (and whether the
 * guest's mail server or the text provider took it, or it bounced), and what
 * will go when, or why not.
 */
export function GuestMessages({ code }: { code: string }) {
  const messages = useReservationMessages(code);
  return (
    <section className="console-panel" aria-labelledby="reservation-messages">
      <h2 id="reservation-messages">Guest messages</h2>
      {messages.isPending && <p role="status">Loading the messages…</p>}
      {messages.isError && (
        <p role="alert" className="console-error">
          We could not load the messages. {messages.error.message}
        </p>
      )}
      {messages.isSuccess && (
        <TableRegion label="Guest messages">
          <table className="console-table">
            <caption className="visually-hidden">Guest messages, sent and to come</caption>
            <thead>
              <tr>
                <th scope="col">Message</th>
                <th scope="col">Channel</th>
                <th scope="col">Due</th>
                <th scope="col">Status</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {messages.data.map((message) => (
                <tr key={`${message.template}-${message.channel}-${message.dueAt}`}>
                  <td>{templateLabels[message.template] ?? message.template}</td>
                  <td>{message.channel === 'sms' ? 'Text' : 'E-mail'}</td>
                  <td>{when(message.dueAt)}</td>
                  <td>
                    {statusLabels[message.status]}
                    {message.sentAt && message.status !== 'scheduled' ? ` ${when(message.sentAt)}` : ''}
                    {message.delivery ? `, ${deliveryLabels[message.delivery]}` : ''}
                  </td>
                  <td>{message.reason ?? message.deliveryDetail ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
