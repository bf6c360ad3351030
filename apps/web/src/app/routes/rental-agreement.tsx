import { RentalAgreementPage } from '@/features/content/components/rental-agreement-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Rental agreement');
  return <RentalAgreementPage />;
}
