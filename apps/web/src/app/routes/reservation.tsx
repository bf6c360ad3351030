import { useLocation } from 'react-router';
import { ReservationPage } from '@/features/booking/components/reservation-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Reserve your stay');
  const { key } = useLocation();
  // Keyed by history entry: a new start from a property page is a new reservation.
  return <ReservationPage key={key} />;
}
