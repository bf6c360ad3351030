import { StatementsPage } from '@/features/console/dashboard/components/statements-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Statements');
  return <StatementsPage />;
}
