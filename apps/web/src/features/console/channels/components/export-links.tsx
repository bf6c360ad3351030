import { useRef, useState, type RefObject } from 'react';
import { calendarChannelLabels, type AdminCalendarExport, type CalendarChannelName } from '@sas/domain';
import { ConsoleDialog } from '../../shared/components/console-dialog';
import { errorMessage } from '../../shared/format';
import { useRotateCalendarExport } from '../api/rotate-calendar-export';

interface ExportLinksProps {
  homeId: string;
  exports: AdminCalendarExport[];
  /** Says what happened in the section's status line. */
  onNotice: (message: string) => void;
  /** Focused after a rotation when the opener is gone. */
  afterRotateFocus: RefObject<HTMLElement | null>;
}

/** The channel as a sentence names it: 'Airbnb', or 'the other channel' rather than 'Other'. */
function channelInSentence(channel: CalendarChannelName): string {
  return channel === 'other' ? 'the other channel' : calendarChannelLabels[channel];
}

/** A channel needs the whole address; the server may answer one relative to this site. */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).toString();
}

function ExportLink({
  item,
  onCopy,
  onRotate,
}: {
  item: AdminCalendarExport;
  onCopy: (input: HTMLInputElement | null) => void;
  onRotate: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const label = calendarChannelLabels[item.channel];
  const id = `calendar-export-${item.channel}`;
  return (
    <div className="console-field channels__export">
      <label htmlFor={id}>{label} export link</label>
      <div className="channels__export-row">
        <input
          ref={inputRef}
          id={id}
          type="text"
          readOnly
          spellCheck={false}
          value={absoluteUrl(item.url)}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onCopy(inputRef.current)}
        >
          Copy <span className="visually-hidden">the {label} link</span>
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onRotate}>
          Rotate link <span className="visually-hidden">for {label}</span>
        </button>
      </div>
    </div>
  );
}

/**
 * The secret addresses each channel polls for this home's calendar, one per
 * channel so a channel's own events are not sent back to it. Rotating one
 * makes a new address and kills the old, for a link that leaked.
 */
export function ExportLinks({ homeId, exports, onNotice, afterRotateFocus }: ExportLinksProps) {
  const rotate = useRotateCalendarExport(homeId);
  const [rotating, setRotating] = useState<CalendarChannelName | null>(null);

  async function copy(item: AdminCalendarExport, input: HTMLInputElement | null) {
    const label = calendarChannelLabels[item.channel];
    try {
      await navigator.clipboard.writeText(absoluteUrl(item.url));
      onNotice(`Copied the ${label} link. Paste it into the calendar import of ${channelInSentence(item.channel)}.`);
    } catch {
      // No clipboard (an insecure page, a refused permission): leave the link selected for Ctrl+C.
      input?.focus();
      input?.select();
      onNotice(`Could not copy by itself: the ${label} link is selected, press Ctrl+C (⌘C on a Mac) to copy it.`);
    }
  }

  function confirmRotate() {
    if (rotating === null) return;
    const label = calendarChannelLabels[rotating];
    const where = channelInSentence(rotating);
    rotate.mutate(rotating, {
      onSuccess: () => {
        setRotating(null);
        onNotice(`New ${label} link made. Paste it into ${where}: the old link no longer works.`);
      },
    });
  }

  if (exports.length === 0) return <p className="console-muted">This home has no export links.</p>;

  const rotatingLabel = rotating === null ? '' : calendarChannelLabels[rotating];
  return (
    <>
      {exports.map((item) => (
        <ExportLink
          key={item.channel}
          item={item}
          onCopy={(input) => void copy(item, input)}
          onRotate={() => {
            rotate.reset();
            setRotating(item.channel);
          }}
        />
      ))}
      <ConsoleDialog
        open={rotating !== null}
        onOpenChange={(open) => {
          if (!open) setRotating(null);
        }}
        title={`Rotate the ${rotatingLabel} link?`}
        closeLabel="Keep this link"
        fallbackFocus={afterRotateFocus}
      >
        <p>
          A new secret link replaces this one, and the old link stops working at once. Until you paste the new link into{' '}
          {rotating === null ? '' : channelInSentence(rotating)}, it stops seeing this home&apos;s bookings and blocks,
          so nights sold here could be sold there too.
        </p>
        {rotate.isError && (
          <p role="alert" className="console-error">
            Not rotated: {errorMessage(rotate.error)}
          </p>
        )}
        <button type="button" className="button button--accent" disabled={rotate.isPending} onClick={confirmRotate}>
          {rotate.isPending ? 'Rotating…' : 'Rotate link'}
        </button>
      </ConsoleDialog>
    </>
  );
}
