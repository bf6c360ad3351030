import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import {
  captureReasonLabel,
  formatDollars,
  formatPolicyAmount,
  penalties,
  penaltyOf,
  pluralize,
  toCents,
  type DepositCaptureBody,
  type DepositCaptureReason,
  type DepositPhoto,
  type DepositSummary,
} from '@sas/domain';
import { ConsoleDialog } from '../../shared/components/console-dialog';
import { errorMessage } from '../../shared/format';
import { useCaptureDeposit } from '../api/capture-deposit';
import { DepositPhotoThumbnails } from './deposit-photos';

interface CaptureDepositDialogProps {
  code: string;
  deposit: DepositSummary;
  /** Photos attached to the deposit: the guest's e-mail links to them. */
  photos: DepositPhoto[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focused on closing once the deposit is captured (the button that opened the dialog is gone then). */
  fallbackFocus: RefObject<HTMLElement | null>;
}

/** A dollar amount as typed ("150", "150.50"), or null when it is not one. */
function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** What the amount field shows for a penalty: "100", or "12.50". */
function amountText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const firstReason: DepositCaptureReason = 'late-checkout';

/**
 * Staff capture part of a held deposit for a listed penalty (its amount
 * prefilled) or damage (any amount up to the hold, with a note), checked
 * first, then confirmed; the rest of the hold is released by the server.
 * The confirm button is disabled while the request is under way, and the
 * server answers a repeat with 409 rather than capturing twice.
 */
export function CaptureDepositDialog({
  code,
  deposit,
  photos,
  open,
  onOpenChange,
  fallbackFocus,
}: CaptureDepositDialogProps) {
  const capture = useCaptureDeposit(code);
  return (
    <ConsoleDialog
      open={open}
      onOpenChange={(next) => {
        // A new try starts clean; what was captured stays said until the page shows it.
        if (next && !capture.isSuccess) capture.reset();
        onOpenChange(next);
      }}
      title={`Capture from the deposit of ${code}`}
      closeLabel={capture.isSuccess ? 'Close' : 'Keep the deposit'}
      fallbackFocus={fallbackFocus}
    >
      {capture.isSuccess ? (
        <CaptureDone
          captured={capture.data.captured}
          released={capture.data.released}
          reason={captureReasonLabel(capture.data.reason)}
        />
      ) : (
        <CaptureForm deposit={deposit} photos={photos} capture={capture} />
      )}
    </ConsoleDialog>
  );
}

function CaptureDone({ captured, released, reason }: { captured: number; released: number; reason: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // The confirm button that had the focus is gone: the outcome takes it, so it is read out.
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} role="status" className="console-success">
      Captured {formatDollars(captured)} for {reason}; {formatDollars(released)} of the hold released. The guest is
      e-mailed the amounts.
    </p>
  );
}

/** The server's refusal, focused as it appears: the button that sent the request is gone by then. */
function FocusedAlert({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} role="alert" className="console-error">
      {message}
    </p>
  );
}

/**
 * What the guest's e-mail will link to: said for damage always (photos are
 * its evidence), and for a penalty when photos are attached.
 */
function AttachedPhotos({
  photos,
  isDamage,
  thumbnails,
}: {
  photos: DepositPhoto[];
  isDamage: boolean;
  thumbnails: boolean;
}) {
  if (photos.length === 0) {
    return isDamage ? (
      <p className="console-muted">
        No photos are attached. To attach some, close this dialog and add them under Photos in the Security deposit
        section: the guest&apos;s e-mail links to them.
      </p>
    ) : null;
  }
  const sentence = `${pluralize(photos.length, 'photo')} ${photos.length === 1 ? 'is' : 'are'} attached: the guest's e-mail links to ${photos.length === 1 ? 'it' : 'them'}.`;
  if (!thumbnails) return <p>{sentence}</p>;
  return (
    <div className="capture-photos">
      <p id="capture-photos-attached">{sentence}</p>
      <DepositPhotoThumbnails photos={photos} labelledBy="capture-photos-attached" linked={false} />
    </div>
  );
}

function CaptureForm({
  deposit,
  photos,
  capture,
}: {
  deposit: DepositSummary;
  photos: DepositPhoto[];
  capture: ReturnType<typeof useCaptureDeposit>;
}) {
  const [reason, setReason] = useState<DepositCaptureReason>(firstReason);
  const [amountTyped, setAmountTyped] = useState(() => penaltyText(firstReason));
  const [note, setNote] = useState('');
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [checked, setChecked] = useState(false);
  const sent = useRef(false);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);

  /** Draws `change` at once, then moves the focus to what it showed (the control that had it may be gone). */
  function showThenFocus(change: () => void, target: RefObject<HTMLElement | null>) {
    flushSync(change);
    target.current?.focus();
  }

  const amount = parseAmount(amountTyped);
  const amountError =
    amount === null
      ? 'Enter an amount in dollars, e.g. 150 or 150.50.'
      : toCents(amount) <= 0
        ? 'The amount must be more than $0.'
        : toCents(amount) > toCents(deposit.amount)
          ? `The amount cannot be more than the ${formatDollars(deposit.amount)} held.`
          : null;
  const noteError = reason === 'damage' && note.trim() === '' ? 'Say what was damaged: a note is required.' : null;
  const isDamage = reason === 'damage';

  /** A penalty's listed amount, or all of a smaller hold; '' for damage, which is typed. */
  function penaltyText(of: DepositCaptureReason): string {
    const penalty = penaltyOf(of);
    return penalty ? amountText(Math.min(penalty.cents, toCents(deposit.amount))) : '';
  }

  function chooseReason(next: DepositCaptureReason) {
    setReason(next);
    setAmountTyped(penaltyText(next));
  }

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (amountError !== null || noteError !== null) {
      // Marked before the focus lands, so the field is read with its error.
      showThenFocus(() => setChecked(true), amountError !== null ? amountRef : noteRef);
      return;
    }
    capture.reset();
    showThenFocus(() => setStep('confirm'), summaryRef);
  }

  function confirm() {
    if (amount === null || amountError !== null || sent.current) return;
    sent.current = true;
    const trimmed = note.trim();
    const request: DepositCaptureBody = { amount, reason, ...(trimmed === '' ? {} : { note: trimmed }) };
    capture.mutate(request, {
      onError: () => {
        sent.current = false;
        // Back to the form to fix and try again; the refusal takes the focus as it appears.
        setStep('edit');
      },
    });
  }

  function back() {
    showThenFocus(() => setStep('edit'), amountRef);
  }

  if (step === 'confirm' && amount !== null) {
    const released = (toCents(deposit.amount) - toCents(amount)) / 100;
    return (
      <div>
        <p ref={summaryRef} tabIndex={-1}>
          Capture <strong>{formatDollars(amount)}</strong> of the {formatDollars(deposit.amount)} held, for{' '}
          {captureReasonLabel(reason)}? The other {formatDollars(released)} is released, and the guest is e-mailed.
        </p>
        {note.trim() !== '' && <p className="capture-note">Note: {note.trim()}</p>}
        <AttachedPhotos photos={photos} isDamage={isDamage} thumbnails={false} />
        <div className="console-button-row">
          <button type="button" className="button button--accent" disabled={capture.isPending} onClick={confirm}>
            {capture.isPending ? 'Capturing…' : `Capture ${formatDollars(amount)}`}
          </button>
          <button type="button" className="button button--secondary" disabled={capture.isPending} onClick={back}>
            Back
          </button>
        </div>
      </div>
    );
  }

  const showAmountError = checked && amountError !== null;
  const showNoteError = checked && noteError !== null;
  return (
    <form onSubmit={review} noValidate>
      <p>
        <strong>{formatDollars(deposit.amount)}</strong> is held on the guest&apos;s card.
      </p>
      <div className="console-field">
        <label htmlFor="capture-reason">Reason</label>
        <select
          id="capture-reason"
          value={reason}
          onChange={(event) => chooseReason(event.target.value as DepositCaptureReason)}
        >
          {penalties.map((penalty) => (
            <option key={penalty.id} value={penalty.id}>
              {penalty.label} ({formatPolicyAmount(penalty.cents)})
            </option>
          ))}
          <option value="damage">Damage</option>
        </select>
      </div>
      <div className="console-field">
        <label htmlFor="capture-amount">Amount in dollars</label>
        <input
          ref={amountRef}
          id="capture-amount"
          type="text"
          inputMode="decimal"
          value={amountTyped}
          onChange={(event) => setAmountTyped(event.target.value)}
          aria-invalid={showAmountError}
          aria-describedby="capture-amount-error"
        />
        <span id="capture-amount-error" className={showAmountError ? 'console-error' : undefined}>
          {showAmountError ? amountError : ''}
        </span>
      </div>
      <div className="console-field">
        <label htmlFor="capture-note">{isDamage ? 'Note (required: what was damaged)' : 'Note (optional)'}</label>
        <textarea
          ref={noteRef}
          id="capture-note"
          rows={3}
          maxLength={2000}
          required={isDamage}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={showNoteError}
          aria-describedby="capture-note-error"
        />
        <span id="capture-note-error" className={showNoteError ? 'console-error' : undefined}>
          {showNoteError ? noteError : ''}
        </span>
      </div>
      <AttachedPhotos photos={photos} isDamage={isDamage} thumbnails />
      {capture.isError && <FocusedAlert message={`Not captured: ${errorMessage(capture.error)}`} />}
      <button type="submit" className="button button--primary">
        Review the capture
      </button>
    </form>
  );
}
