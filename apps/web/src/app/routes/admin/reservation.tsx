import { useParams } from 'react-router';
import { ReservationPage } from '@/features/console/reservations/components/reservation-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  const { code = '' } = useParams();
  useDocumentTitle(`Reservation ${code}`);
  // Keyed: another reservation starts with its own dialogs and forms closed.
  return <ReservationPage key={code} code={code} />;
}
