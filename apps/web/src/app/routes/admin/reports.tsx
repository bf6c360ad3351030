import { ReportsPage } from '@/features/console/reports/components/reports-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Everyone in the console: staff and admins see the company's reports, an owner their own statements. */
export function Component() {
  useDocumentTitle('Reports');
  return <ReportsPage />;
}
