import { ReservationsPage } from '@/features/console/reservations/components/reservations-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Reservations');
  return <ReservationsPage />;
}
