import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { ReservationFromLink } from '@/features/booking/components/reservation-from-link';
import { ReservationPage } from '@/features/booking/components/reservation-page';
import { readReservationLink, type ReservationLink } from '@/features/booking/utils/reservation-link';
import { useProperty } from '@/features/property/api/get-property';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The route composes the two features: the home is the property feature's to fetch. */
function FromLink({ link }: { link: ReservationLink }) {
  const home = useProperty(link.slug);
  return <ReservationFromLink link={link} home={home} />;
}

export function Component() {
  useDocumentTitle('Reserve your stay');
  const location = useLocation();
  const { key, search } = location;
  const handedOver: unknown = location.state;
  // An address naming the home and the stay, without the property page's hand-over: priced first.
  const named = useMemo(() => readReservationLink(search), [search]);
  const link = handedOver === null || handedOver === undefined ? named : null;
  if (link !== null) return <FromLink key={key} link={link} />;
  // Keyed by history entry: a new start from a property page is a new reservation.
  return <ReservationPage key={key} />;
}
