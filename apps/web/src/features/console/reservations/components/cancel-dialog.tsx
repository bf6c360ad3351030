import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { formatDollars, toCents, type AdminCancelRequest, type AdminReservationDetail } from '@sas/domain';
import { ConsoleDialog } from '../../shared/components/console-dialog';
import { errorMessage } from '../../shared/format';
import { useCancelReservation } from '../api/cancel-reservation';
import { useCancelPreview } from '../api/get-cancel-preview';

type Choice = 'policy' | 'full' | 'none' | 'amount';

const refundStatusLabels = { done: 'refund issued', refund_pending: 'refund being retried' } as const;

interface CancelDialogProps {
  reservation: AdminReservationDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focused on closing once the reservation is cancelled (its Cancel button is gone then). */
  fallbackFocus: RefObject<HTMLElement | null>;
}

/** A dollar amount as typed ("120", "120.5"), or null when it is not one. */
function parseAmount(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  return Number(text);
}

/**
 * Cancels with a refund chosen as the policy's tier, in full, none, or an
 * amount. What the guest gets back is shown before confirming (the server's
 * preview for today), and the confirm button is disabled while the request
 * is under way; a repeat would get the same answer from the server anyway.
 */
export function CancelDialog({ reservation, open, onOpenChange, fallbackFocus }: CancelDialogProps) {
  const { code } = reservation;
  const cancel = useCancelReservation(code);
  // Once the cancel is sent there is nothing left to preview (the server answers 409 for a cancelled booking).
  const preview = useCancelPreview(code, open && cancel.isIdle);
  const [choice, setChoice] = useState<Choice>('policy');
  const [amountText, setAmountText] = useState('');
  const sent = useRef(false);

  const paid = preview.data?.paidAmount ?? 0;
  const typed = parseAmount(amountText);
  const amountError =
    choice !== 'amount'
      ? null
      : typed === null
        ? 'Enter an amount in dollars, e.g. 120 or 120.50.'
        : toCents(typed) > toCents(paid)
          ? `The refund cannot be more than the ${formatDollars(paid)} paid.`
          : null;
  const refund: number | null = !preview.data
    ? null
    : choice === 'policy'
      ? preview.data.policyRefundAmount
      : choice === 'full'
        ? preview.data.fullRefundAmount
        : choice === 'none'
          ? 0
          : amountError === null
            ? typed
            : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (refund === null || sent.current) return;
    sent.current = true;
    const request: AdminCancelRequest = choice === 'amount' ? { refundAmount: refund } : { refund: choice };
    cancel.mutate(request, {
      onError: () => {
        sent.current = false;
      },
    });
  }

  return (
    <ConsoleDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel reservation ${code}`}
      closeLabel={cancel.isSuccess ? 'Close' : 'Keep the reservation'}
      fallbackFocus={fallbackFocus}
    >
      {cancel.isSuccess ? (
        <p role="status" className="console-success">
          Cancelled. {formatDollars(cancel.data.refundedAmount)} refunded to the guest (
          {refundStatusLabels[cancel.data.refundStatus]}); the nights are free again and the guest has been e-mailed.
        </p>
      ) : preview.isPending ? (
        <p role="status">Working out the refund…</p>
      ) : preview.isError ? (
        <p role="alert" className="console-error">
          {errorMessage(preview.error)}
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>
            The guest paid <strong>{formatDollars(preview.data.paidAmount)}</strong>.
          </p>
          <fieldset className="cancel-choices">
            <legend>Refund</legend>
            <label>
              <input type="radio" name="refund" checked={choice === 'policy'} onChange={() => setChoice('policy')} />
              By the cancellation policy ({preview.data.policyPercent}% today):{' '}
              {formatDollars(preview.data.policyRefundAmount)}
            </label>
            <label>
              <input type="radio" name="refund" checked={choice === 'full'} onChange={() => setChoice('full')} />
              In full: {formatDollars(preview.data.fullRefundAmount)}
            </label>
            <label>
              <input type="radio" name="refund" checked={choice === 'none'} onChange={() => setChoice('none')} />
              No refund
            </label>
            <label>
              <input type="radio" name="refund" checked={choice === 'amount'} onChange={() => setChoice('amount')} />
              Another amount
            </label>
            {choice === 'amount' && (
              <div className="console-field">
                <label htmlFor="cancel-refund-amount">Amount in dollars</label>
                <input
                  id="cancel-refund-amount"
                  type="text"
                  inputMode="decimal"
                  value={amountText}
                  onChange={(event) => setAmountText(event.target.value)}
                  aria-invalid={amountError !== null && amountText !== ''}
                  aria-describedby="cancel-refund-amount-error"
                />
                <span id="cancel-refund-amount-error" className="console-muted">
                  {amountText === '' ? '' : amountError}
                </span>
              </div>
            )}
          </fieldset>
          <p role="status">
            {refund === null ? 'Choose a refund.' : `The guest will be refunded ${formatDollars(refund)}.`}
          </p>
          {cancel.isError && (
            <p role="alert" className="console-error">
              {errorMessage(cancel.error)}
            </p>
          )}
          <button type="submit" className="button button--accent" disabled={refund === null || cancel.isPending}>
            {cancel.isPending
              ? 'Cancelling…'
              : refund === null
                ? 'Cancel reservation'
                : `Cancel and refund ${formatDollars(refund)}`}
          </button>
        </form>
      )}
    </ConsoleDialog>
  );
}
