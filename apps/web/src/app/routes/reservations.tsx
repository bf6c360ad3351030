import { useLocation } from 'react-router';
import { ReservationPage } from '@/features/booking/components/reservation-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { RequireUser } from '../require-user';

/** SPEC.md section 2: the reservation flow for signed-in users. */
export function Component() {
  useDocumentTitle('Reserve your stay');
  const { key } = useLocation();
  return (
    <RequireUser>
      <ReservationPage key={key} />
    </RequireUser>
  );
}
