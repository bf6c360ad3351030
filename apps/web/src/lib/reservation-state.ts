// What the property page hands to /reservation as navigation state (SPEC.md
// section 2: /reservation needs property details in navigation state). Shared
// by the booking panel that writes it and the reservation flow that reads it,
// which live in different features.
import type { IsoDate, QuoteResponse } from '@sas/domain';

/** The home being reserved, as much as the reservation steps show and check. */
export interface ReservationProperty {
  /** UUID: the id the quote and payment endpoints take. */
  id: string;
  slug: string;
  /** Display name: public_name, else name. */
  name: string;
  pictureUrl: string;
  city: string;
  state: string;
  maxGuests: number;
  petsAllowed: boolean;
}

export interface StayGuests {
  adults: number;
  children: number;
  infants: number;
  pets: number;
}

export interface ReservationStay {
  checkIn: IsoDate;
  checkOut: IsoDate;
  guests: StayGuests;
}

export interface ReservationStartState {
  property: ReservationProperty;
  stay: ReservationStay;
  /** The server's quote for exactly this stay (dollars), as shown when Reserve was pressed. */
  quote: QuoteResponse;
}
