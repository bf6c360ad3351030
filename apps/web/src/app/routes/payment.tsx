import { PaymentPage } from '@/features/booking/components/payment-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Payment');
  return <PaymentPage />;
}
