import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { propertyDisplayName, type PropertyDetails, type QuoteResponse } from '@sas/domain';
import type { ReservationHome, ReservationStartState, ReservationStay } from '../utils/reservation-draft';

/** What the reservation steps show and check of a home. */
export function reservationHome(property: PropertyDetails): ReservationHome {
  return {
    id: property.id,
    slug: property.slug,
    name: propertyDisplayName(property),
    pictureUrl: property.pictureUrl,
    city: property.city,
    state: property.state,
    maxGuests: property.maxGuests,
    petsAllowed: property.petsAllowed,
    timeZone: property.timeZone,
    ageRestricted: property.ageRestricted,
    depositAmount: property.depositAmount,
  };
}

/**
 * Reserve, from the page's summary or the calendar panel: starts the
 * reservation flow with the stay and the server's price for it.
 */
export function useReserve(property: PropertyDetails) {
  const navigate = useNavigate();
  return useCallback(
    (stay: ReservationStay, quote: QuoteResponse) => {
      const state: ReservationStartState = { home: reservationHome(property), stay, quote };
      void navigate('/reservation', { state });
    },
    [navigate, property],
  );
}
