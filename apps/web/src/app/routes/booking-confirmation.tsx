import { BookingConfirmationPage } from '@/features/booking/components/booking-confirmation-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Booking confirmation');
  return <BookingConfirmationPage />;
}
