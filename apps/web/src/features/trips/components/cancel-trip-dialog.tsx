import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { cancellationPolicy, formatDollars, type TripCancelResponse, type TripDetail } from '@sas/domain';
import { useCancelTrip } from '../api/cancel-trip';
import '@/components/modal.css';

const { min, max } = cancellationPolicy.refundBusinessDays;
const refundTime = `Refunds take ${min}-${max} business days to reach your card.`;

type TripCancellation = NonNullable<TripDetail['cancellation']>;

interface CancelTripDialogProps {
  code: string;
  token: string | null;
  cancellation: TripCancellation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancelled: (result: TripCancelResponse) => void;
}

/**
 * Confirms a cancellation with the refund the policy gives now. The amount
 * shown is the server's figure for this moment; the server works it out
 * again when the cancel arrives, so the browser never decides it. Radix traps
 * focus inside; on closing, focus returns to the opener when it is still on
 * the page (else to the page's status, which the trip page focuses).
 */
export function CancelTripDialog({
  code,
  token,
  cancellation,
  open,
  onOpenChange,
  onCancelled,
}: CancelTripDialogProps) {
  const cancel = useCancelTrip(code, token);
  const opener = useRef<HTMLElement | null>(null);
  // One request, whatever the clicks: the button is disabled too, but a state update can lag a fast double click.
  const sent = useRef(false);

  function confirm() {
    if (sent.current) return;
    sent.current = true;
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        onCancelled(result);
        onOpenChange(false);
      },
      onError: () => {
        sent.current = false;
      },
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !cancel.isPending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className="modal modal--sheet"
          aria-describedby="cancel-trip-refund"
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className="modal__top">
            <Dialog.Title className="modal__title">Cancel booking {code}</Dialog.Title>
            <Dialog.Close className="modal__close button button--secondary">Keep my booking</Dialog.Close>
          </div>
          <div className="modal__body">
            <p id="cancel-trip-refund">
              {cancellation.refundAmount > 0 ? (
                <>
                  Cancelling now refunds <strong>{formatDollars(cancellation.refundAmount)}</strong> (
                  {cancellation.refundPercent}% of what you paid), under our cancellation policy. {refundTime}
                </>
              ) : (
                <>Under our cancellation policy, cancelling now refunds nothing ($0.00).</>
              )}
            </p>
            {cancel.isError && (
              <p role="alert" className="trip-error">
                We could not cancel the booking. {cancel.error.message}
              </p>
            )}
            <button type="button" className="button button--accent" disabled={cancel.isPending} onClick={confirm}>
              {cancel.isPending ? 'Cancelling…' : 'Confirm cancellation'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
