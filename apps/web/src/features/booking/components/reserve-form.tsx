import type { ReactNode } from 'react';
import { leavesAtOnce } from '@/lib/submit-get-forms';
import { reservationLinkFields } from '../utils/reservation-link';
import { stayQueryOf, type PanelStay } from './booking-panel/use-stay-params';

interface ReserveFormProps {
  slug: string;
  stay: PanelStay;
  /** Starts the reservation in the app with the price on screen; undefined leaves the tap to the plain form. */
  onReserve: (() => void) | undefined;
  className: string;
  /** The submit button. */
  children: ReactNode;
}

/**
 * Reserve as a plain form to the reservation's address (/reservation?home=…):
 * before the page's code runs, a tap submits it and the reservation page
 * prices the stay itself, so a tap on a phone still starting the app is not
 * lost (issue 25). Once the app runs, it starts the reservation itself.
 */
export function ReserveForm({ slug, stay, onReserve, className, children }: ReserveFormProps) {
  return (
    <form
      method="get"
      action="/reservation"
      {...leavesAtOnce}
      className={className}
      onSubmit={(event) => {
        if (onReserve === undefined) return;
        event.preventDefault();
        onReserve();
      }}
    >
      {reservationLinkFields({ slug, stay: stayQueryOf(stay) }).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
