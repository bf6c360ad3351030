// A reservation's money over time (issue 17): its payment schedule, its
// security deposit (with its photos, and the capture form for staff while it
// is held) and the rental agreement the guest accepted.
import { useRef, useState } from 'react';
import {
  formatDateOrAsIs,
  formatDollars,
  type AgreementRecord,
  type DepositPhoto,
  type DepositStatus,
  type DepositSummary,
  type InstallmentStatus,
  type ScheduledPayment,
} from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { formatTimestamp } from '../../shared/format';
import { CaptureDepositDialog } from './capture-deposit-dialog';
import { DepositPhotos } from './deposit-photos';

const installmentLabels: Record<InstallmentStatus, string> = {
  scheduled: 'Scheduled',
  paid: 'Paid',
  failed: 'Failed',
  waived: 'Waived',
};

export const depositStatusLabels: Record<DepositStatus, string> = {
  none: 'No deposit',
  scheduled: 'Scheduled (no hold yet)',
  held: 'Held on the card',
  released: 'Released',
  captured: 'Captured',
  failed: 'Hold failed',
  cancelled: 'Cancelled',
};

function paymentOutcome(payment: ScheduledPayment): string {
  if (payment.status === 'paid') return payment.paidAt ? `Paid ${formatTimestamp(payment.paidAt)}` : 'Paid';
  if (payment.status === 'failed') {
    const failure = payment.failureMessage ?? 'The payment did not go through.';
    return payment.payBy ? `${failure} To be paid by ${formatTimestamp(payment.payBy)}.` : failure;
  }
  return '—';
}

export function ScheduleSection({ schedule }: { schedule: ScheduledPayment[] }) {
  return (
    <section className="console-panel" aria-labelledby="reservation-schedule">
      <h2 id="reservation-schedule">Payment schedule</h2>
      {schedule.length === 0 ? (
        <p className="console-muted">No schedule recorded (booked before payment schedules).</p>
      ) : (
        <TableRegion label="Payment schedule">
          <table className="console-table">
            <caption className="visually-hidden">Payment schedule</caption>
            <thead>
              <tr>
                <th scope="col">Charge</th>
                <th scope="col">Due</th>
                <th scope="col">Status</th>
                <th scope="col">Paid or failure</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {schedule.map((payment) => (
                <tr key={payment.seq}>
                  <th scope="row">
                    {payment.seq} of {schedule.length}
                  </th>
                  <td>{formatDateOrAsIs(payment.dueDate)}</td>
                  <td>{installmentLabels[payment.status]}</td>
                  <td className={payment.status === 'failed' ? 'console-error' : undefined}>
                    {paymentOutcome(payment)}
                  </td>
                  <td className="num">{formatDollars(payment.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}

export function DepositSection({
  code,
  deposit,
  photos,
  canCapture,
}: {
  code: string;
  deposit: DepositSummary;
  /** Photos attached to the deposit as evidence. */
  photos: DepositPhoto[];
  /** Staff and admins: the capture form, offered while a hold is in place, and the photos' upload. */
  canCapture: boolean;
}) {
  const [captureOpen, setCaptureOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section className="console-panel" aria-labelledby="reservation-deposit">
      <h2 id="reservation-deposit" ref={headingRef} tabIndex={-1}>
        Security deposit
      </h2>
      {deposit.status === 'none' ? (
        <p className="console-muted">This home asks for no deposit.</p>
      ) : (
        <dl className="reservation__facts">
          <dt>Amount</dt>
          <dd>{formatDollars(deposit.amount)}</dd>
          <dt>Status</dt>
          <dd>{depositStatusLabels[deposit.status]}</dd>
          {deposit.holdFrom !== undefined && (
            <>
              <dt>Hold placed from</dt>
              <dd>{formatTimestamp(deposit.holdFrom)}</dd>
            </>
          )}
          {deposit.heldUntil !== undefined && (
            <>
              <dt>Held until</dt>
              <dd>{formatTimestamp(deposit.heldUntil)}</dd>
            </>
          )}
          {deposit.capturedAmount !== undefined && (
            <>
              <dt>Captured</dt>
              <dd>{formatDollars(deposit.capturedAmount)}</dd>
            </>
          )}
        </dl>
      )}
      {canCapture && deposit.status === 'held' && (
        <p>
          <button type="button" className="button button--secondary button--small" onClick={() => setCaptureOpen(true)}>
            Capture from deposit
          </button>
        </p>
      )}
      {deposit.status !== 'none' && (
        <DepositPhotos code={code} status={deposit.status} photos={photos} canEdit={canCapture} />
      )}
      {/* Stays mounted once the deposit is captured, so the dialog can say what was taken. */}
      {canCapture && (
        <CaptureDepositDialog
          code={code}
          deposit={deposit}
          photos={photos}
          open={captureOpen}
          onOpenChange={setCaptureOpen}
          fallbackFocus={headingRef}
        />
      )}
    </section>
  );
}

export function AgreementSection({ agreement }: { agreement: AgreementRecord | null }) {
  return (
    <section className="console-panel" aria-labelledby="reservation-agreement">
      <h2 id="reservation-agreement">Rental agreement</h2>
      {agreement === null ? (
        <p className="console-muted">Not recorded (booked before the agreement was asked).</p>
      ) : (
        <dl className="reservation__facts">
          <dt>Version</dt>
          <dd>{agreement.version}</dd>
          <dt>Accepted</dt>
          <dd>{formatTimestamp(agreement.acceptedAt)}</dd>
          <dt>Primary renter over 25</dt>
          <dd>{agreement.over25 ? 'Confirmed' : 'Not confirmed'}</dd>
        </dl>
      )}
    </section>
  );
}
